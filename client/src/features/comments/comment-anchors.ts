import { Fragment, Slice, type Mark, type MarkType, type Node as PmNode } from '@tiptap/pm/model';
import type { EditorState } from '@tiptap/pm/state';
import type { CommentThread } from '@shared/api/comments';
import { CommentMarkName } from '@shared/document/model/comment-model';

/** Where a thread's anchor is: from its first marked character to its last (the text between may be unmarked). */
export interface AnchorRange {
  from: number;
  to: number;
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
  if (!type) return anchors;
  doc.descendants((node, pos) => {
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

/** The thread whose anchor holds the caret (or starts the selection), or null. */
export function threadAtSelection(state: EditorState): string | null {
  const { selection } = state;
  const marks = selection.empty ? selection.$from.marks() : (selection.$from.nodeAfter?.marks ?? []);
  for (const mark of marks) {
    const thread = threadOf(mark);
    if (thread !== null) return thread;
  }
  return null;
}

/** `fragment` without the comment marks whose thread is in `drop` (their text stays). */
function fragmentWithout(fragment: Fragment, drop: ReadonlySet<string>): Fragment {
  const children: PmNode[] = [];
  fragment.forEach((child) => {
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
 * is plain text (one thread, one place), while text that was cut keeps its thread when pasted back.
 * One walk of the document per paste, never per keystroke.
 */
export function pastedWithoutLiveAnchors(slice: Slice, doc: PmNode, type: MarkType | undefined): Slice {
  if (!type) return slice;
  const pasted = new Set<string>();
  slice.content.descendants((node) => {
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
