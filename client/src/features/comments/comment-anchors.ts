import { Fragment, Slice, type Mark, type MarkType, type Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, type EditorState } from '@tiptap/pm/state';
import type { CommentThread } from '@shared/api/comments';
import {
  CommentMarkName,
  CommentObjects,
  commentThreadsOf,
  commentThreadsValue,
  isCommentObjectName,
} from '@shared/document/model/comment-model';

/**
 * Where a thread's anchor is: from its first marked character to its last (the text between may be unmarked),
 * or the first object (image, video, table cell) that carries it, with `object` set.
 */
export interface AnchorRange {
  from: number;
  to: number;
  /** The anchor is an object's `commentThreads` (the range is that node). */
  object?: true;
}

/** The threads an object (an image, a video, a table cell) anchors; none for other nodes. */
export function objectThreads(node: PmNode): string[] {
  return isCommentObjectName(node.type.name) ? commentThreadsOf(node.attrs) : [];
}

/** The thread id of a comment mark, or null. */
export function threadOf(mark: Mark): string | null {
  const thread: unknown = mark.attrs.thread;
  return mark.type.name === CommentMarkName && typeof thread === 'string' ? thread : null;
}

/**
 * Every anchor of the document, in document order (a Map keeps the order of first appearance). One walk of
 * the document: called when the panel draws, after a pause in editing, or on a click, never per keystroke.
 */
export function anchorsOf(doc: PmNode, type: MarkType | undefined): Map<string, AnchorRange> {
  const anchors = new Map<string, AnchorRange>();
  doc.descendants((node, pos) => {
    for (const thread of objectThreads(node)) {
      if (!anchors.has(thread)) anchors.set(thread, { from: pos, to: pos + node.nodeSize, object: true });
    }
    if (!node.isInline) return true;
    for (const mark of node.marks) {
      if (mark.type !== type) continue;
      const thread = threadOf(mark);
      if (thread === null) continue;
      const end = pos + node.nodeSize;
      const known = anchors.get(thread);
      if (known) known.to = Math.max(known.to, end);
      else anchors.set(thread, { from: pos, to: end });
    }
    return false;
  });
  return anchors;
}

/** The threads in the order of their anchors in the text, then the orphaned ones (oldest first). */
export function inDocumentOrder(
  threads: Iterable<CommentThread>,
  anchors: ReadonlyMap<string, AnchorRange>,
): { anchored: CommentThread[]; orphaned: CommentThread[] } {
  const order = new Map([...anchors.keys()].map((id, index) => [id, index]));
  const anchored: CommentThread[] = [];
  const orphaned: CommentThread[] = [];
  for (const thread of threads) (order.has(thread.id) ? anchored : orphaned).push(thread);
  anchored.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  orphaned.sort((a, b) => a.createdAt - b.createdAt);
  return { anchored, orphaned };
}

/**
 * The threads whose anchors hold the caret (or start the selection): a selected object's, the marks' there,
 * then the table cells' around it (innermost first).
 */
export function threadsAtSelection(state: EditorState): string[] {
  const { selection } = state;
  const threads: string[] = [];
  if (selection instanceof NodeSelection) threads.push(...objectThreads(selection.node));
  const marks = selection.empty ? selection.$from.marks() : (selection.$from.nodeAfter?.marks ?? []);
  for (const mark of marks) {
    const thread = threadOf(mark);
    if (thread !== null) threads.push(thread);
  }
  const { $from } = selection;
  for (let depth = $from.depth; depth > 0; depth--) threads.push(...objectThreads($from.node(depth)));
  return threads;
}

/** The thread whose anchor holds the caret (or starts the selection), or null. */
export function threadAtSelection(state: EditorState): string | null {
  return threadsAtSelection(state)[0] ?? null;
}

/** `node` with the threads in `drop` taken out of its `commentThreads` (the same node when it has none of them). */
function objectWithout(node: PmNode, drop: ReadonlySet<string>): PmNode {
  const threads = objectThreads(node);
  const kept = threads.filter((thread) => !drop.has(thread));
  if (kept.length === threads.length) return node;
  return node.type.create(
    { ...node.attrs, [CommentObjects.attribute]: commentThreadsValue(kept) },
    node.content,
    node.marks,
  );
}

/** `fragment` without the comment marks and object anchors whose thread is in `drop` (their content stays). */
function fragmentWithout(fragment: Fragment, drop: ReadonlySet<string>): Fragment {
  const children: PmNode[] = [];
  fragment.forEach((original) => {
    const child = objectWithout(original, drop);
    if (child.isInline) {
      const marks = child.marks.filter((mark) => {
        const thread = threadOf(mark);
        return thread === null || !drop.has(thread);
      });
      children.push(marks.length === child.marks.length ? child : child.mark(marks));
    } else {
      children.push(child.copy(fragmentWithout(child.content, drop)));
    }
  });
  return Fragment.fromArray(children);
}

/**
 * A pasted slice without the anchors of threads that are still anchored in `doc`: a copy of commented text
 * is plain text (one thread, one place), while text that was cut keeps its thread when pasted back. The same
 * goes for the anchors of objects (an image dragged as a copy; the clipboard's HTML never carries them).
 * One walk of the document per paste, never per keystroke.
 */
export function pastedWithoutLiveAnchors(slice: Slice, doc: PmNode, type: MarkType | undefined): Slice {
  const pasted = new Set<string>();
  slice.content.descendants((node) => {
    for (const thread of objectThreads(node)) pasted.add(thread);
    for (const mark of node.marks) {
      const thread = threadOf(mark);
      if (thread !== null) pasted.add(thread);
    }
  });
  if (pasted.size === 0) return slice;
  const live = anchorsOf(doc, type);
  const drop = new Set([...pasted].filter((thread) => live.has(thread)));
  if (drop.size === 0) return slice;
  return new Slice(fragmentWithout(slice.content, drop), slice.openStart, slice.openEnd);
}
