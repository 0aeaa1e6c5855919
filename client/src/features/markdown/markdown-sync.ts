import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import { applyRangeChanges, changesMapping, documentChanges } from '@shared/document/yjs/minimal-change';
import type { DocumentMarkdown } from '@shared/document/markdown/markdown';

/** Runs `task` when the browser is idle (within about a frame), at most once until it ran. */
export type Scheduler = (task: () => void) => () => void;

export const idleScheduler: Scheduler = (task) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 50 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 16);
  return () => clearTimeout(id);
};

const FROM_PANE = 'markdownPane';

/**
 * Keeps a Markdown text and the shared document in step, both ways. Document changes (this author's or
 * others') are written to the text at idle time; the author's Markdown edits are read back at idle time
 * and applied as the smallest changes against the text they were made on, placed over whatever the
 * document became meanwhile (the same three-way merge as the code view).
 */
export class MarkdownSync {
  /** The text the pane shows (as last written by either side). */
  private shown: string;
  /** The document `shown` reads as (computed when first needed). */
  private shownDoc: PmNode | null = null;
  /** Text the author typed that is not applied yet. */
  private typed: string | null = null;
  private cancelRender: (() => void) | null = null;
  private cancelApply: (() => void) | null = null;

  constructor(
    private readonly editor: Editor,
    private readonly markdown: DocumentMarkdown,
    /** Puts a new text into the pane (by its smallest differing range). */
    private readonly show: (text: string) => void,
    private readonly schedule: Scheduler = idleScheduler,
  ) {
    this.shown = markdown.serialize(editor.state.doc);
    editor.on('transaction', this.onTransaction);
  }

  /** The text to show first. */
  text(): string {
    return this.shown;
  }

  /** The author changed the Markdown text. */
  typedText(text: string): void {
    this.typed = text;
    this.cancelApply ??= this.schedule(() => {
      this.cancelApply = null;
      this.applyTyped();
    });
  }

  private readonly onTransaction = ({ transaction }: { transaction: Transaction }): void => {
    if (!transaction.docChanged || transaction.getMeta(FROM_PANE) === true) return;
    this.cancelRender ??= this.schedule(() => {
      this.cancelRender = null;
      this.render();
    });
  };

  /** Writes the document to the text (after applying what the author typed, so nothing typed is lost). */
  render(): void {
    if (this.editor.isDestroyed) return;
    this.applyTyped();
    const text = this.markdown.serialize(this.editor.state.doc);
    if (text === this.shown) return;
    this.shown = text;
    this.shownDoc = null;
    this.show(text);
  }

  /** Applies the typed text to the document as one transaction of minimal changes. */
  applyTyped(): void {
    const text = this.typed;
    this.typed = null;
    if (text === null || text === this.shown || this.editor.isDestroyed) return;
    const base = this.shownDoc ?? this.markdown.parse(this.shown);
    const next = this.markdown.parse(text);
    this.shown = text;
    this.shownDoc = next;
    const changes = documentChanges(base, next);
    if (changes.length === 0) return;
    const { doc } = this.editor.state;
    const tr = this.editor.state.tr.setMeta(FROM_PANE, true);
    applyRangeChanges(tr, changes, changesMapping(documentChanges(base, doc)));
    if (tr.docChanged) this.editor.view.dispatch(tr);
  }

  /** Applies what is still pending and stops following the document. */
  end(): void {
    this.cancelRender?.();
    this.cancelApply?.();
    this.applyTyped();
    this.editor.off('transaction', this.onTransaction);
  }
}
