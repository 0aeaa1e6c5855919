import { transformToSuggestionTransaction, suggestChangesKey } from '@handlewithcare/prosemirror-suggest-changes';
import type { Mark, MarkType, Node as PmNode } from '@tiptap/pm/model';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import {
  AddMarkStep,
  AddNodeMarkStep,
  AttrStep,
  Mapping,
  RemoveMarkStep,
  RemoveNodeMarkStep,
  ReplaceAroundStep,
  ReplaceStep,
  type Step,
} from '@tiptap/pm/transform';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import { CommentMarkName } from '@shared/document/model/comment-model';
import {
  DeletionMarkName,
  InsertionMarkName,
  ModificationMarkName,
  SUGGESTION_ANCHOR_CHAR,
  isSuggestionAuthor,
} from '@shared/document/model/suggestion-model';

/** url-safe random characters (base64url of `bytes` random bytes). */
function randomUrlSafe(bytes: number): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  let text = '';
  for (const byte of raw) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new suggestion id: 16 url-safe characters (96 bits), within SuggestionLimits.idPattern. */
export const newSuggestionId = (): string => randomUrlSafe(12);

interface YSyncMeta {
  isChangeOrigin?: unknown;
  isUndoRedoOperation?: unknown;
}

/** Marks that are not content: adding or removing them while suggesting stays a direct change. */
const DIRECT_MARKS = new Set([CommentMarkName]);

/** Steps that change text or inline formatting: what suggestion mode tracks. The rest (structure, attributes) applies directly. */
const isTracked = (step: Step): boolean =>
  step instanceof ReplaceStep ||
  ((step instanceof AddMarkStep || step instanceof RemoveMarkStep) && !DIRECT_MARKS.has(step.mark.type.name));

/**
 * Whether a transaction is this author's own edit that suggestion mode turns into a suggestion: it changes the
 * document with a step suggestion mode tracks, and is not Yjs's (a remote change, an undo or redo), not
 * ProseMirror history's or collab's, not a repair (`addToHistory: false`) and not an accept or reject.
 */
export function isTrackable(tr: Transaction): boolean {
  if (!tr.docChanged) return false;
  const ySync = tr.getMeta(ySyncPluginKey) as YSyncMeta | undefined;
  if (ySync?.isChangeOrigin || ySync?.isUndoRedoOperation) return false;
  if (tr.getMeta('history$') !== undefined || tr.getMeta('collab$') !== undefined) return false;
  if (tr.getMeta('addToHistory') === false) return false;
  const own = tr.getMeta(suggestChangesKey) as { skip?: unknown } | undefined;
  if (own && 'skip' in own) return false;
  return tr.steps.some(isTracked);
}

/** A range of the final document. */
interface Range {
  from: number;
  to: number;
}

/** What each step of `tr` touched, in the final document's positions (merged, in order). Never the whole document. */
export function changedRanges(tr: Transaction): { changed: Range[]; inserted: Range[] } {
  const changed: Range[] = [];
  const inserted: Range[] = [];
  tr.steps.forEach((step, index) => {
    const after = tr.mapping.slice(index + 1);
    const doc = tr.docs[index + 1] ?? tr.doc;
    const add = (from: number, to: number, wasInserted: boolean): void => {
      const range = { from: after.map(from, -1), to: after.map(to, 1) };
      if (range.to < range.from) return;
      changed.push(range);
      if (wasInserted && to > from) {
        const kept = { from: after.map(from, 1), to: after.map(to, -1) };
        if (kept.to > kept.from) inserted.push(kept);
      }
    };
    if (step instanceof ReplaceStep || step instanceof ReplaceAroundStep) {
      step.getMap().forEach((_oldStart, _oldEnd, newStart, newEnd) => add(newStart, newEnd, true));
    } else if (step instanceof AddMarkStep || step instanceof RemoveMarkStep) {
      add(step.from, step.to, false);
    } else if (step instanceof AddNodeMarkStep || step instanceof RemoveNodeMarkStep || step instanceof AttrStep) {
      const node = doc.nodeAt(step.pos);
      add(step.pos, step.pos + (node?.nodeSize ?? 1), false);
    }
  });
  return { changed: merge(changed, tr.doc.content.size), inserted: merge(inserted, tr.doc.content.size) };
}

function merge(ranges: Range[], size: number): Range[] {
  const sorted = ranges
    .map((r) => ({ from: Math.max(0, r.from), to: Math.min(size, r.to) }))
    .sort((a, b) => a.from - b.from);
  const out: Range[] = [];
  for (const range of sorted) {
    const last = out[out.length - 1];
    if (last && range.from <= last.to) last.to = Math.max(last.to, range.to);
    else out.push({ ...range });
  }
  return out;
}

const authorOf = (mark: Mark | null | undefined): string | null => {
  const author: unknown = mark?.attrs.author;
  return isSuggestionAuthor(author) ? (author as string) : null;
};

const idOf = (mark: Mark | null | undefined): string | null => {
  const id: unknown = mark?.attrs.id;
  return typeof id === 'string' ? id : null;
};

/** A piece of text of the final document with a suggestion mark, and what it was before the transaction. */
interface Run extends Range {
  type: MarkType;
  mark: Mark;
  /** The piece was inserted by this transaction, or had no mark of this type before. */
  created: boolean;
  /** Its mark of this type before the transaction (when not created). */
  before: Mark | null;
}

/** The suggestion runs inside `range`, each split where its state before the transaction changes. */
function runsIn(tr: Transaction, oldDoc: PmNode, range: Range, inserted: Range[], types: MarkType[]): Run[] {
  const runs: Run[] = [];
  const invert = tr.mapping.invert();
  tr.doc.nodesBetween(range.from, range.to, (node, pos) => {
    if (!node.isInline) return true;
    const from = Math.max(pos, range.from);
    const to = Math.min(pos + node.nodeSize, range.to);
    if (to <= from) return false;
    for (const type of types) {
      const mark = type.isInSet(node.marks);
      if (!mark) continue;
      for (const piece of splitBy(from, to, inserted)) {
        if (piece.inserted) {
          runs.push({ from: piece.from, to: piece.to, type, mark, created: true, before: null });
          continue;
        }
        // Pre-existing text: what it carried before, node by node of the old document.
        const oldFrom = invert.map(piece.from, 1);
        const oldTo = invert.map(piece.to, -1);
        if (oldTo <= oldFrom) continue;
        oldDoc.nodesBetween(oldFrom, oldTo, (old, oldPos) => {
          if (!old.isInline) return true;
          const start = Math.max(tr.mapping.map(Math.max(oldPos, oldFrom), 1), piece.from);
          const end = Math.min(tr.mapping.map(Math.min(oldPos + old.nodeSize, oldTo), -1), piece.to);
          if (end <= start) return false;
          const before = type.isInSet(old.marks) ?? null;
          runs.push({ from: start, to: end, type, mark, created: before === null, before });
          return false;
        });
      }
    }
    return false;
  });
  return runs;
}

/** [from, to) cut at the inserted ranges. */
function splitBy(from: number, to: number, inserted: Range[]): Array<Range & { inserted: boolean }> {
  const pieces: Array<Range & { inserted: boolean }> = [];
  let at = from;
  for (const range of inserted) {
    if (range.to <= at || range.from >= to) continue;
    if (range.from > at) pieces.push({ from: at, to: range.from, inserted: false });
    const end = Math.min(range.to, to);
    pieces.push({ from: Math.max(at, range.from), to: end, inserted: true });
    at = end;
  }
  if (at < to) pieces.push({ from: at, to, inserted: false });
  return pieces;
}

/** A node mark the library wanted to add: recorded instead (the schema refuses marks on blocks). */
interface PendingNodeMark {
  pos: number;
  mark: Mark;
  /** How many steps the transaction had then (the position is in that document). */
  at: number;
}

/**
 * The state the library builds its tracked transaction from: the same, except that the transaction records
 * node marks instead of adding them (y-tiptap keeps no marks on block nodes, and the model allows none) and
 * drops modification marks from `setNodeMarkup` (attribute and block type changes apply directly).
 */
function recordingState(state: EditorState, pending: PendingNodeMark[]): EditorState {
  const tr = (): Transaction => {
    const transaction = state.tr;
    transaction.addNodeMark = (pos: number, mark: Mark): Transaction => {
      if (mark.type.name !== ModificationMarkName) pending.push({ pos, mark, at: transaction.steps.length });
      return transaction;
    };
    const setNodeMarkup = transaction.setNodeMarkup.bind(transaction);
    transaction.setNodeMarkup = (pos, type, attrs, marks) =>
      setNodeMarkup(
        pos,
        type,
        attrs,
        marks?.filter((m) => m.type.name !== ModificationMarkName),
      );
    return transaction;
  };
  return Object.create(state, { tr: { get: tr } }) as EditorState;
}

/**
 * The recorded node marks as inline marks: a whole inserted block's text already has them (the library marks
 * inline content inside too); a whole deleted block's text gets them here; an empty text block gets a U+200B
 * anchor carrying the mark; a leaf block (a rule) cannot carry one, so its change applies directly.
 */
function inlineNodeMarks(tr: Transaction, pending: PendingNodeMark[]): void {
  const { schema } = tr.doc.type;
  const mapped = pending
    .map((p) => ({ pos: tr.mapping.slice(p.at).mapResult(p.pos, 1), mark: p.mark }))
    .filter((p) => !p.pos.deleted)
    .map((p) => ({ pos: p.pos.pos, mark: p.mark }))
    // From the end, so earlier positions stay valid while anchors are inserted and leaves deleted.
    .sort((a, b) => b.pos - a.pos);
  for (const { pos, mark } of mapped) {
    const node = tr.doc.nodeAt(pos);
    if (!node || node.isInline) continue;
    const deletion = mark.type.name === DeletionMarkName;
    if (node.isLeaf) {
      if (deletion) tr.delete(pos, pos + node.nodeSize);
      continue;
    }
    const inline = mark.type.create({ id: mark.attrs.id as unknown, author: null });
    const blocks: number[] = [];
    if (node.isTextblock) blocks.push(pos);
    else
      node.descendants((child, offset) => {
        if (child.isTextblock) blocks.push(pos + 1 + offset);
        return !child.isTextblock && !child.isInline;
      });
    for (const blockPos of blocks.reverse()) {
      const block = tr.doc.nodeAt(blockPos);
      if (!block) continue;
      if (block.content.size === 0) tr.insert(blockPos + 1, schema.text(SUGGESTION_ANCHOR_CHAR, [inline]));
      else if (deletion) tr.addMark(blockPos + 1, blockPos + 1 + block.content.size, inline);
    }
  }
}

/**
 * Gives this transaction's suggestion marks their author, and keeps other authors' changes theirs: the library
 * merges a change into the adjacent one (reusing its id, and rewriting the neighbour's mark); a neighbour of
 * another author keeps its own mark and the new part gets a fresh id, while adjacent changes of the same
 * author merge into one.
 */
function attribute(tr: Transaction, oldDoc: PmNode, author: string | null, generateId: () => string): void {
  const { schema } = tr.doc.type;
  const types = [schema.marks[InsertionMarkName], schema.marks[DeletionMarkName]].filter(
    (type): type is MarkType => type !== undefined,
  );
  const { changed, inserted } = changedRanges(tr);
  const runs = changed.flatMap((range) => runsIn(tr, oldDoc, range, inserted, types));
  const restore: Run[] = [];
  const mine: Run[] = [];
  for (const run of runs) {
    if (run.created) mine.push(run);
    else if (run.before && !run.before.eq(run.mark)) {
      if (authorOf(run.before) === author) mine.push(run);
      else restore.push(run);
    }
  }
  if (mine.length === 0 && restore.length === 0) return;
  // Ids of other authors' changes next to or inside what changed: a new part must not join them.
  const foreign = new Set<string>();
  for (const run of restore) {
    const id = idOf(run.before);
    if (id !== null) foreign.add(id);
  }
  for (const range of changed) {
    const from = Math.max(0, range.from - 1);
    const to = Math.min(tr.doc.content.size, range.to + 1);
    tr.doc.nodesBetween(from, to, (node) => {
      if (!node.isInline) return true;
      for (const type of types) {
        const mark = type.isInSet(node.marks);
        const id = idOf(mark);
        const markAuthor = authorOf(mark);
        // A mark without an author here is one this transaction made (its author comes below).
        if (mark && id !== null && markAuthor !== null && markAuthor !== author) foreign.add(id);
      }
      return false;
    });
  }
  const fresh = new Map<string, string>();
  const ownId = (id: string | null): string => {
    if (id !== null && !foreign.has(id)) return id;
    const key = id ?? '';
    let made = fresh.get(key);
    if (!made) {
      made = generateId();
      fresh.set(key, made);
    }
    return made;
  };
  for (const run of restore) if (run.before) tr.addMark(run.from, run.to, run.before);
  for (const run of mine) {
    const mark = run.type.create({ id: ownId(idOf(run.mark)), author });
    if (!run.mark.eq(mark)) tr.addMark(run.from, run.to, mark);
  }
}

/**
 * The commonest keystroke of suggestion mode, without the library's general path: text typed (nothing deleted)
 * right after this author's own insertion joins that insertion (its id and author), exactly as the library plus
 * `attribute` would make it, in one step instead of three. Null for any other transaction.
 */
function typedIntoOwnInsertion(tr: Transaction, state: EditorState, author: string | null): Transaction | null {
  if (author === null || tr.steps.length !== 1) return null;
  const [step] = tr.steps;
  if (!(step instanceof ReplaceStep) || step.from !== step.to) return null;
  const { slice } = step;
  if (slice.openStart !== 0 || slice.openEnd !== 0 || slice.content.childCount === 0) return null;
  let textOnly = true;
  slice.content.forEach((node) => {
    if (!node.isText) textOnly = false;
  });
  if (!textOnly) return null;
  const type = state.schema.marks[InsertionMarkName];
  const $at = state.doc.resolve(step.from);
  const before = type?.isInSet($at.nodeBefore?.marks ?? []);
  if (!type || !before || authorOf(before) !== author || idOf(before) === null) return null;
  const tracked = state.tr;
  const nodes: PmNode[] = [];
  slice.content.forEach((node) => nodes.push(node.mark(before.addToSet(node.marks))));
  tracked.insert(step.from, nodes);
  // The same content at the same positions (only marks differ): the selection and stored marks carry over.
  if (tr.selectionSet) tracked.setSelection(tr.selection.map(tracked.doc, new Mapping()));
  if (tr.storedMarksSet) tracked.setStoredMarks(tr.storedMarks);
  if (tr.scrolledIntoView) tracked.scrollIntoView();
  copyMeta(tr, tracked);
  return tracked;
}

/** The original transaction's metadata on its replacement (the library does the same). */
function copyMeta(from: Transaction, to: Transaction): void {
  Object.assign(to, { meta: (from as unknown as { meta: unknown }).meta });
}

/**
 * The suggestion transaction replacing `tr` (made from `state`): the library's tracked transaction, with its
 * block marks made inline, this author on every new mark, and other authors' neighbouring changes kept theirs.
 */
export function trackTransaction(
  tr: Transaction,
  state: EditorState,
  /** This author's name, or null when there is none a mark may carry (then the changes are nobody's). */
  author: string | null,
  generateId: () => string = newSuggestionId,
): Transaction {
  const typed = typedIntoOwnInsertion(tr, state, author);
  if (typed) return typed;
  const pending: PendingNodeMark[] = [];
  const tracked = transformToSuggestionTransaction(tr, recordingState(state, pending), () => generateId());
  inlineNodeMarks(tracked, pending);
  attribute(tracked, state.doc, author, generateId);
  return tracked;
}
