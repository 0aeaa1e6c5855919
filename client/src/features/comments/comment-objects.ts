import i18next from 'i18next';
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, type EditorState, type Selection, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { CommentObjects, commentThreadsValue, isCommentObjectName } from '@shared/document/model/comment-model';
import { CommentLimits } from '@shared/limits';
import { objectThreads } from './comment-anchors';

/**
 * Comments on an object alone (issue 28): an image or a video (a node selection) or table cells (a cell
 * selection) anchor threads by their `commentThreads` attribute, as y-tiptap keeps no marks on them.
 */

/** Whether a node is a table cell or header cell (the block objects of the model's list). */
const isCell = (node: PmNode): boolean => !node.isInline && isCommentObjectName(node.type.name);

/**
 * The positions of the objects a selection is made of: the selected image or video, or the cells of a cell
 * selection (prosemirror-tables' `CellSelection`, known by its JSON type: the table code loads lazily). Null
 * when the selection is anything else.
 */
export function selectedObjects(selection: Selection): number[] | null {
  if (selection instanceof NodeSelection) {
    const { node } = selection;
    return isCommentObjectName(node.type.name) && !isCell(node) ? [selection.from] : null;
  }
  if ((selection.toJSON() as { type?: unknown }).type !== 'cell') return null;
  const cells: number[] = [];
  for (const range of selection.ranges) {
    // Each range of a cell selection spans one cell's content.
    const { $from } = range;
    if (!isCell($from.parent)) return null;
    cells.push($from.before());
  }
  return cells.length > 0 ? cells.sort((a, b) => a - b) : null;
}

/** The quote of a thread on objects: an image's alternative text, "Image", "Video", the cells' text. */
export function objectsQuote(doc: PmNode, positions: readonly number[]): string {
  const parts: string[] = [];
  for (const pos of positions) {
    const node = doc.nodeAt(pos);
    if (!node) continue;
    if (isCell(node)) {
      parts.push(doc.textBetween(pos + 1, pos + node.nodeSize - 1, ' ', ' ').trim() || i18next.t('comments.cell'));
    } else if (node.type.name === 'image') {
      const alt: unknown = node.attrs.alt;
      parts.push(typeof alt === 'string' && alt.trim() !== '' ? alt.trim() : i18next.t('comments.image'));
    } else {
      parts.push(i18next.t('comments.video'));
    }
  }
  return Array.from(parts.join(' ').replace(/\s+/g, ' ').trim()).slice(0, CommentLimits.maxQuoteChars).join('');
}

/** Whether the object at `pos` can take one more thread (it is an object, below its limit). */
export function canAnchorOn(doc: PmNode, pos: number): boolean {
  const node = doc.nodeAt(pos);
  return (
    node !== null &&
    isCommentObjectName(node.type.name) &&
    objectThreads(node).length < CommentLimits.maxThreadsPerObject
  );
}

/** Adds `thread` to (or with `remove` takes it out of) the `commentThreads` of the object at `pos`. */
export function setObjectThread(tr: Transaction, pos: number, thread: string, remove = false): Transaction {
  const node = tr.doc.nodeAt(pos);
  if (!node || !isCommentObjectName(node.type.name)) return tr;
  const threads = objectThreads(node).filter((id) => id !== thread);
  if (!remove) threads.push(thread);
  const value = commentThreadsValue(threads);
  return value === (node.attrs[CommentObjects.attribute] ?? null)
    ? tr
    : tr.setNodeAttribute(pos, CommentObjects.attribute, value);
}

/** Takes `thread` out of every object of the document (one walk, when a thread is deleted). */
export function removeObjectThread(tr: Transaction, thread: string): Transaction {
  const positions: number[] = [];
  tr.doc.descendants((node, pos) => {
    if (objectThreads(node).includes(thread)) positions.push(pos);
    return true;
  });
  for (const pos of positions) setObjectThread(tr, pos, thread, true);
  return tr;
}

/** The commented objects of one top-level node: offsets in it, sizes and thread lists. */
type Marked = ReadonlyArray<{ offset: number; size: number; threads: string }>;

const NONE: Marked = [];

// Documents are persistent trees: a top-level node that did not change is the same object, so its commented
// objects are found once (the char counter's approach), never by a walk of the whole document per keystroke.
const markedByNode = new WeakMap<PmNode, Marked>();

function markedIn(block: PmNode): Marked {
  const known = markedByNode.get(block);
  if (known) return known;
  const found: Array<{ offset: number; size: number; threads: string }> = [];
  const visit = (node: PmNode, offset: number): void => {
    const threads = objectThreads(node);
    if (threads.length > 0) found.push({ offset, size: node.nodeSize, threads: threads.join(' ') });
  };
  visit(block, 0);
  block.descendants((node, pos) => {
    visit(node, pos + 1);
    return !node.isInline;
  });
  const marked = found.length > 0 ? found : NONE;
  markedByNode.set(block, marked);
  return marked;
}

/**
 * The decorations that mark commented objects (`data-comment-threads`, their thread ids, which the highlight
 * rules select) and the objects a new thread is being written on (`data-comment-pending`). Attributes, not
 * classes: a node view that sets its own class list (the image's) keeps the attributes it does not know.
 */
export function objectDecorations(state: EditorState, pending: readonly number[] | undefined): DecorationSet {
  const decorations: Decoration[] = [];
  state.doc.forEach((block, offset) => {
    for (const item of markedIn(block)) {
      const from = offset + item.offset;
      decorations.push(Decoration.node(from, from + item.size, { 'data-comment-threads': item.threads }));
    }
  });
  for (const pos of pending ?? []) {
    const node = state.doc.nodeAt(pos);
    if (node) decorations.push(Decoration.node(pos, pos + node.nodeSize, { 'data-comment-pending': 'true' }));
  }
  return decorations.length > 0 ? DecorationSet.create(state.doc, decorations) : DecorationSet.empty;
}
