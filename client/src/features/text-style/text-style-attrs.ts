import type { Mark } from '@tiptap/pm/model';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { readAttrs } from '@shared/document/model/attribute-model';

type Attrs = Record<string, unknown>;

/** A textStyle mark's attributes through the model's validators ({} when unstyled): never rewrite a bad value. */
const attrsOf = (mark: Mark | undefined): Attrs => (mark ? readAttrs(mark) : {});

/** True when no attribute of a textStyle mark carries a value (the mark would render a bare span). */
function isEmpty(attrs: Attrs): boolean {
  return Object.values(attrs).every((v) => v === null || v === undefined || v === '');
}

/**
 * Calls `visit` with the textStyle attributes ({} when unstyled) of every text node in the selection,
 * or once with the caret's marks; stops as soon as `visit` returns false (no whole-document walk).
 */
export function selectionTextStyles(state: EditorState, visit: (attrs: Attrs) => boolean): void {
  const type = state.schema.marks.textStyle;
  if (!type) return;
  const { selection } = state;
  if (selection.empty) {
    const marks = state.storedMarks ?? selection.$from.marks();
    visit(attrsOf(type.isInSet(marks)));
    return;
  }
  let go = true;
  for (const { $from, $to } of selection.ranges) {
    state.doc.nodesBetween($from.pos, $to.pos, (node) => {
      if (!go) return false;
      if (node.isText) go = visit(attrsOf(type.isInSet(node.marks)));
      return go;
    });
    if (!go) return;
  }
}

/** The one value of a textStyle attribute over the selection: null = none, undefined = mixed. */
export function uniformTextStyleValue(state: EditorState, attr: string): string | null | undefined {
  let seen = false;
  let result: string | null | undefined = null;
  selectionTextStyles(state, (attrs) => {
    const raw = attrs[attr];
    const value = typeof raw === 'string' && raw !== '' ? raw : null;
    if (!seen) {
      seen = true;
      result = value;
      return true;
    }
    if (value === result) return true;
    result = undefined;
    return false;
  });
  return result;
}

/**
 * Rewrites the textStyle attributes of every text node in the selection (or the caret's stored mark)
 * with `update`, in the given transaction, so several changes stay one undo step. A mark left without
 * any value is removed.
 */
export function updateTextStyle(tr: Transaction, change: (attrs: Attrs) => Attrs): Transaction {
  const type = tr.doc.type.schema.marks.textStyle;
  if (!type) return tr;
  // Parsed spans carry '' for absent styles; null keeps equal spans equal (and merged).
  const update = (attrs: Attrs): Attrs =>
    Object.fromEntries(Object.entries(change(attrs)).map(([k, v]) => [k, v === '' ? null : v]));
  const { selection } = tr;
  if (selection.empty) {
    const marks = tr.storedMarks ?? selection.$from.marks();
    const next = update(attrsOf(type.isInSet(marks)));
    if (isEmpty(next)) tr.removeStoredMark(type);
    else tr.addStoredMark(type.create(next));
    return tr;
  }
  for (const { $from, $to } of selection.ranges) {
    const from = $from.pos;
    const to = $to.pos;
    // Collect first: adding marks while walking would visit the changed document.
    const parts: Array<{ from: number; to: number; attrs: Attrs }> = [];
    tr.doc.nodesBetween(from, to, (node, pos) => {
      if (!node.isText) return true;
      parts.push({
        from: Math.max(pos, from),
        to: Math.min(pos + node.nodeSize, to),
        attrs: attrsOf(type.isInSet(node.marks)),
      });
      return false;
    });
    for (const part of parts) {
      const next = update(part.attrs);
      if (isEmpty(next)) tr.removeMark(part.from, part.to, type);
      else tr.addMark(part.from, part.to, type.create(next));
    }
  }
  return tr;
}
