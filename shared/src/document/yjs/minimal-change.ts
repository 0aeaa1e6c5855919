import { Fragment, Slice, type Node as PmNode } from '@tiptap/pm/model';
import { StepMap, type Mappable } from '@tiptap/pm/transform';
import type { Transaction } from '@tiptap/pm/state';

/** One replaced range of the base document (positions in the base) and what goes there. */
export interface RangeChange {
  from: number;
  to: number;
  content: Fragment;
}

/** Above this many block pairs the aligner gives up on matching inside a changed run and replaces it whole. */
const MAX_ALIGN_CELLS = 4_000_000;
/** How deep the diff descends into matching containers (list → item → paragraph, table → row → cell → …). */
const MAX_DEPTH = 12;

/**
 * Pairs of equal children (indices into `a` and `b`) in order: a longest common subsequence by `eq`,
 * after trimming the common head and tail. `null` when the middle is too big to align.
 */
function alignChildren(a: readonly PmNode[], b: readonly PmNode[]): Array<[number, number]> | null {
  const pairs: Array<[number, number]> = [];
  let head = 0;
  while (head < a.length && head < b.length && a[head]?.eq(b[head] as PmNode)) {
    pairs.push([head, head]);
    head++;
  }
  let tailA = a.length;
  let tailB = b.length;
  const tail: Array<[number, number]> = [];
  while (tailA > head && tailB > head && a[tailA - 1]?.eq(b[tailB - 1] as PmNode)) {
    tailA--;
    tailB--;
    tail.push([tailA, tailB]);
  }
  const n = tailA - head;
  const m = tailB - head;
  if (n > 0 && m > 0) {
    if (n * m > MAX_ALIGN_CELLS) return null;
    // Classic LCS table over the middle; equal children are found by a cheap hash first, then `eq`.
    const keyA = a.slice(head, tailA).map(hashNode);
    const keyB = b.slice(head, tailB).map(hashNode);
    const width = m + 1;
    const table = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        const same = keyA[i] === keyB[j] && (a[head + i] as PmNode).eq(b[head + j] as PmNode);
        table[i * width + j] = same
          ? (table[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * width + j] ?? 0, table[i * width + j + 1] ?? 0);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (keyA[i] === keyB[j] && (a[head + i] as PmNode).eq(b[head + j] as PmNode)) {
        pairs.push([head + i, head + j]);
        i++;
        j++;
      } else if ((table[(i + 1) * width + j] ?? 0) >= (table[i * width + j + 1] ?? 0)) i++;
      else j++;
    }
  }
  return pairs.concat(tail.reverse());
}

/** A cheap fingerprint (type, size, text length) so that the aligner rarely calls the deep `eq`. */
function hashNode(node: PmNode): string {
  return `${node.type.name}:${String(node.nodeSize)}:${String(node.childCount)}`;
}

function childrenOf(node: PmNode): PmNode[] {
  const children: PmNode[] = [];
  node.forEach((child) => children.push(child));
  return children;
}

/** The changes that turn the content of `a` (whose content starts at `start`) into the content of `b`. */
function contentChanges(a: PmNode, b: PmNode, start: number, depth: number, out: RangeChange[]): void {
  if (a.inlineContent || b.inlineContent) {
    inlineChanges(a.content, b.content, start, out);
    return;
  }
  const childrenA = childrenOf(a);
  const childrenB = childrenOf(b);
  const pairs = alignChildren(childrenA, childrenB);
  if (!pairs) {
    out.push({ from: start, to: start + a.content.size, content: b.content });
    return;
  }
  const offsetsA = offsets(childrenA, start);
  let nextA = 0;
  let nextB = 0;
  for (const [ia, ib] of [...pairs, [childrenA.length, childrenB.length] as [number, number]]) {
    if (ia > nextA || ib > nextB) {
      runChange(childrenA, childrenB, nextA, ia, nextB, ib, offsetsA, depth, out);
    }
    nextA = ia + 1;
    nextB = ib + 1;
  }
}

/** Start positions of each child (and one past the last) given the content start. */
function offsets(children: readonly PmNode[], start: number): number[] {
  const result = [start];
  let pos = start;
  for (const child of children) {
    pos += child.nodeSize;
    result.push(pos);
  }
  return result;
}

/** Whether a changed child can be diffed inside instead of replaced: same type and attributes, not a leaf. */
function canDescend(a: PmNode | undefined, b: PmNode | undefined, depth: number): boolean {
  return a !== undefined && b !== undefined && depth < MAX_DEPTH && !a.isLeaf && a.sameMarkup(b);
}

/**
 * A run of unmatched children: those of the same kind at its head and tail are paired and descended into
 * (a table and a paragraph both edited: each is diffed inside); what is left in the middle is replaced whole.
 */
function runChange(
  childrenA: readonly PmNode[],
  childrenB: readonly PmNode[],
  fromA: number,
  toA: number,
  fromB: number,
  toB: number,
  offsetsA: readonly number[],
  depth: number,
  out: RangeChange[],
): void {
  let a = fromA;
  let b = fromB;
  while (a < toA && b < toB && canDescend(childrenA[a], childrenB[b], depth)) {
    contentChanges(childrenA[a] as PmNode, childrenB[b] as PmNode, (offsetsA[a] ?? 0) + 1, depth + 1, out);
    a++;
    b++;
  }
  let endA = toA;
  let endB = toB;
  const tail: Array<[number, number]> = [];
  while (endA > a && endB > b && canDescend(childrenA[endA - 1], childrenB[endB - 1], depth)) {
    endA--;
    endB--;
    tail.push([endA, endB]);
  }
  if (endA > a || endB > b) {
    const from = offsetsA[a] ?? 0;
    out.push({ from, to: offsetsA[endA] ?? from, content: Fragment.fromArray(childrenB.slice(b, endB)) });
  }
  for (const [ia, ib] of tail.reverse()) {
    contentChanges(childrenA[ia] as PmNode, childrenB[ib] as PmNode, (offsetsA[ia] ?? 0) + 1, depth + 1, out);
  }
}

/** One replaced range inside a textblock: everything between the first and the last differing inline position. */
function inlineChanges(a: Fragment, b: Fragment, start: number, out: RangeChange[]): void {
  const diffStart = a.findDiffStart(b);
  if (diffStart === null) return;
  const end = a.findDiffEnd(b);
  let endA = end?.a ?? a.size;
  let endB = end?.b ?? b.size;
  // The two ends may cross when the change repeats its surroundings ("aa" → "aaa").
  const overlap = diffStart - Math.min(endA, endB);
  if (overlap > 0) {
    endA += overlap;
    endB += overlap;
  }
  out.push({ from: start + diffStart, to: start + endA, content: b.cut(diffStart, endB) });
}

/**
 * The smallest set of replaced ranges (positions in `base`) that turns `base` into `next`: equal blocks
 * are matched (longest common subsequence), a block changed in place is descended into (list items,
 * table cells, the text of a paragraph), so untouched blocks and the untouched text around an edit are
 * never rewritten. Ranges are disjoint and in document order.
 */
export function documentChanges(base: PmNode, next: PmNode): RangeChange[] {
  const out: RangeChange[] = [];
  contentChanges(base, next, 0, 0, out);
  return out;
}

/**
 * A position map from a document to the one `changes` (disjoint, in order, from `documentChanges`) turn it
 * into. The collaboration binding replaces the whole document on every remote update, so its transactions'
 * maps say nothing about where text moved; diffing the two documents does.
 */
export function changesMapping(changes: readonly RangeChange[]): StepMap {
  return new StepMap(changes.flatMap((c) => [c.from, c.to - c.from, c.content.size]));
}

/**
 * Applies changes computed against an older document to `tr`, whose document is that older one moved on by
 * `mapping` (other authors' edits since): each range is mapped first, so concurrent edits outside the changed
 * ranges survive, and text inserted by others exactly at a range's edge stays. Returns how many applied.
 */
export function applyRangeChanges(tr: Transaction, changes: readonly RangeChange[], mapping?: Mappable): number {
  let applied = 0;
  // Last first: an applied change never moves the positions of the ones before it.
  for (const change of [...changes].sort((x, y) => y.from - x.from)) {
    const from = mapping ? mapping.map(change.from, 1) : change.from;
    const to = Math.max(from, mapping ? mapping.map(change.to, -1) : change.to);
    if (to > tr.doc.content.size) continue;
    try {
      tr.replace(from, to, new Slice(change.content, 0, 0));
      applied++;
    } catch {
      // The place no longer holds such content (another author restructured it): leave theirs.
    }
  }
  return applied;
}
