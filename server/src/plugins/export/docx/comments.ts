import type { Mark } from '@tiptap/pm/model';
import { CommentRangeEnd, CommentRangeStart, CommentReference, Paragraph, TextRun, type ParagraphChild } from 'docx';
import type { ICommentOptions } from 'docx';
import { CommentMarkName } from '@shared/document/model/comment-model';

/** A comment thread as the Word export writes it (from the server's comment store). */
export interface DocxCommentThread {
  /** The thread id, as the `comment` mark's `thread` attribute names it. */
  id: string;
  resolved: boolean;
  /** The opening comment first, then the replies. */
  comments: readonly { author: string; createdAt: number; body: string }[];
}

function threadIdsOf(marks: readonly Mark[]): string[] {
  const ids: string[] = [];
  for (const mark of marks) {
    const id: unknown = mark.attrs.thread;
    if (mark.type.name === CommentMarkName && typeof id === 'string') ids.push(id);
  }
  return ids;
}

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');

/**
 * Word comments for the threads anchored in a document: each thread's range is the first stretch of text
 * its mark covers within one paragraph (Word has one range per comment); its replies are Word replies and a
 * resolved thread is marked done. Threads whose anchor is gone (orphaned) are not written: Word shows a
 * comment only at its range.
 */
export class DocxComments {
  private readonly threads: ReadonlyMap<string, DocxCommentThread>;
  /** Word id of each placed thread's opening comment. */
  private readonly wordIds = new Map<string, number>();
  private nextId = 0;
  /** Threads whose range is open in the current paragraph. */
  private open: string[] = [];
  /** Threads anchored on the table cell being written (its `commentThreads`). */
  private cell: readonly string[] = [];

  constructor(threads: readonly DocxCommentThread[]) {
    this.threads = new Map(threads.filter((t) => t.comments.length > 0).map((t) => [t.id, t]));
  }

  /**
   * What goes before an inline node with these marks (and, for an image or a video, the threads anchored on it
   * alone): the ends of ranges it leaves, the starts it opens. Inside a commented cell, its threads too.
   */
  before(marks: readonly Mark[], objectThreads: readonly string[] = []): ParagraphChild[] {
    if (this.threads.size === 0) return [];
    const ids = [...threadIdsOf(marks), ...objectThreads, ...this.cell];
    const out = this.close(this.open.filter((id) => !ids.includes(id)));
    for (const id of ids) {
      if (this.wordIds.has(id) || !this.threads.has(id)) continue;
      const wordId = this.nextId;
      this.nextId += this.threads.get(id)?.comments.length ?? 1;
      this.wordIds.set(id, wordId);
      this.open.push(id);
      out.push(new CommentRangeStart(wordId));
    }
    return out;
  }

  /** Writes a table cell whose own threads (`commentThreads`) range over its first stretch of text. */
  inCell<T>(threads: readonly string[], write: () => T): T {
    const outer = this.cell;
    this.cell = threads;
    try {
      return write();
    } finally {
      this.cell = outer;
    }
  }

  /** Closes every range still open at the end of a paragraph. */
  endParagraph(): ParagraphChild[] {
    return this.close(this.open);
  }

  private close(ids: readonly string[]): ParagraphChild[] {
    const out: ParagraphChild[] = [];
    for (const id of ids) {
      const wordId = this.wordIds.get(id);
      if (wordId === undefined) continue;
      out.push(new CommentRangeEnd(wordId), new TextRun({ children: [new CommentReference(wordId)] }));
    }
    this.open = this.open.filter((id) => !ids.includes(id));
    return out;
  }

  /** The comments part of the Word document (only the placed threads). */
  options(): ICommentOptions[] {
    const out: ICommentOptions[] = [];
    for (const [id, first] of this.wordIds) {
      const thread = this.threads.get(id);
      if (!thread) continue;
      thread.comments.forEach((comment, i) => {
        out.push({
          id: first + i,
          author: comment.author,
          initials: initialsOf(comment.author),
          date: new Date(comment.createdAt),
          parentId: i === 0 ? undefined : first,
          resolved: thread.resolved || undefined,
          children: comment.body.split('\n').map((line) => new Paragraph({ children: [new TextRun(line)] })),
        });
      });
    }
    return out;
  }
}
