import type { Node as PMNode } from '@tiptap/pm/model';
import { Mapping, StepMap } from '@tiptap/pm/transform';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

export interface Range {
  from: number;
  to: number;
}

/** The top-level blocks that differ between two documents: where they sat before and sit now. */
export interface BlockChange {
  oldFrom: number;
  oldTo: number;
  newFrom: number;
  newTo: number;
}

/**
 * Compares the top-level children by identity from both ends (unchanged blocks keep their node object,
 * also when a collaborator's change replaces the whole document), so a keystroke costs pointer compares.
 */
export function changedBlocks(before: PMNode, after: PMNode): BlockChange | null {
  if (before === after) return null;
  const a = before.content;
  const b = after.content;
  let start = 0;
  let pos = 0;
  while (start < a.childCount && start < b.childCount && a.child(start) === b.child(start)) {
    pos += a.child(start).nodeSize;
    start++;
  }
  if (start === a.childCount && start === b.childCount) return null;
  let endA = a.childCount;
  let endB = b.childCount;
  let oldTo = a.size;
  let newTo = b.size;
  while (endA > start && endB > start && a.child(endA - 1) === b.child(endB - 1)) {
    endA--;
    endB--;
    oldTo -= a.child(endA).nodeSize;
    newTo -= b.child(endB).nodeSize;
  }
  return { oldFrom: pos, oldTo, newFrom: pos, newTo };
}

/** A position before the change stays, one after it moves by the size difference. */
const shift = (pos: number, change: BlockChange): number => pos + (change.newTo - change.oldTo);

/** Ranges after a change: those outside it moved, those touching it merged into the changed blocks. */
export function shiftRanges(ranges: readonly Range[], change: BlockChange): Range[] {
  const out: Range[] = [];
  for (const r of ranges) {
    if (r.to <= change.oldFrom) out.push(r);
    else if (r.from >= change.oldTo) out.push({ from: shift(r.from, change), to: shift(r.to, change) });
  }
  out.push({ from: change.newFrom, to: change.newTo });
  return out;
}

/**
 * The markers outside the changed blocks, moved; those inside are dropped (their blocks are rechecked).
 * Mapped, not rebuilt: the set keeps its untouched parts, so a keystroke costs the same with ten markers
 * or ten thousand, and the view sees unchanged markers as the same objects.
 */
export function shiftDecorations(
  set: DecorationSet,
  _before: PMNode,
  after: PMNode,
  change: BlockChange,
): DecorationSet {
  const replaced = new StepMap([change.oldFrom, change.oldTo - change.oldFrom, change.newTo - change.newFrom]);
  const mapped = set.map(new Mapping([replaced]), after);
  return mapped.remove(mapped.find(change.newFrom, change.newTo));
}

export interface MarkerSpec {
  word: string;
}

export const MARKER_CLASS = 'spell-error';

/** The underline of one misspelled word (a decoration: never in the document, never sent). */
export const marker = (from: number, to: number, word: string): Decoration =>
  Decoration.inline(from, to, { class: MARKER_CLASS, 'data-spell-error': '' }, { word } satisfies MarkerSpec);
