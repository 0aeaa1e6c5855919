import { diffArrays, diffChars } from 'diff';
import type { Mark, Node as PmNode } from '@tiptap/pm/model';

/**
 * The comparison of two versions of a document (issue 13, the history panel): blocks aligned by
 * fingerprint, characters diffed only inside the blocks that changed, and the attribute changes of those
 * blocks (formatting on the same text, links, pictures and videos, block type, alignment). Pure: no DOM,
 * no editor, so the server and the benchmark can run it too.
 */

/** One step from the document's root to a block: the container's type, its index in its parent, its attributes. */
export interface PathStep {
  type: string;
  index: number;
  attrs: Readonly<Record<string, unknown>>;
}

/** Inline atoms shown as one unit in the character diff. */
export type AtomType = 'image' | 'video' | 'file' | 'icon' | 'other';

/** A run of text, or one inline atom, that is the same, inserted or deleted. */
export interface DiffSegment {
  op: 'same' | 'ins' | 'del';
  text: string;
  /** Set when the segment is one inline atom (its `text` is then a label: alt text, file name or address). */
  atom?: AtomType;
}

/** A change of attributes on a block that was kept (its text may have changed too). */
export type AttrChange =
  /** A formatting mark added to, removed from or changed on text present in both versions. */
  | { kind: 'mark'; mark: string; change: 'added' | 'removed' | 'changed'; text: string }
  /** A link's address changed on the same text (from/to null: the link was added or removed). */
  | { kind: 'link'; text: string; from: string | null; to: string | null }
  /** An attribute of a picture, video or file present in both versions. */
  | { kind: 'media'; node: AtomType; attr: string; from: string; to: string }
  /** Paragraph became heading 2, and so on. */
  | { kind: 'blockType'; from: string; to: string }
  | { kind: 'align'; from: string; to: string }
  /** Any other attribute of the block or of a container it sits in (list style, cell background…). */
  | { kind: 'attr'; node: string; attr: string; from: string; to: string }
  /** A comment anchor added to or removed from text (issue 28; the thread itself lives on the server). */
  | { kind: 'comment'; change: 'added' | 'removed'; text: string }
  /**
   * A suggestion (issue 28): made (`suggested`, with its author), or resolved as far as the two versions tell:
   * an insertion whose mark went and whose text stayed, or a deletion whose text went, was `accepted`; an
   * insertion whose text went, or a deletion whose mark went and whose text stayed, was `rejected`.
   */
  | {
      kind: 'suggestion';
      suggestion: 'insertion' | 'deletion';
      change: 'suggested' | 'accepted' | 'rejected';
      author: string | null;
      text: string;
    };

/** Marks described in words rather than as formatting. */
const COMMENT_MARK = 'comment';
const SUGGESTION_MARKS: Readonly<Record<string, 'insertion' | 'deletion'>> = {
  insertion: 'insertion',
  deletion: 'deletion',
};
/** What the zero-width anchors of suggestion mode are (never quoted in a change line). */
const ANCHOR = /\u200B/g;

const authorOf = (mark: Mark): string | null => {
  const author: unknown = mark.attrs.author;
  return typeof author === 'string' && author !== '' ? author : null;
};

export interface BlockInfo {
  /** The block's type, `heading` with its level as `heading2`. */
  type: string;
  path: readonly PathStep[];
  /** Text with each inline atom as U+FFFC. */
  text: string;
}

export type BlockDiff =
  | { kind: 'same'; count: number; blocks: readonly BlockInfo[] }
  | { kind: 'added'; block: BlockInfo; segments: DiffSegment[] }
  | { kind: 'removed'; block: BlockInfo; segments: DiffSegment[] }
  | { kind: 'changed'; from: BlockInfo; block: BlockInfo; segments: DiffSegment[]; attrs: AttrChange[] };

export interface VersionDiff {
  blocks: BlockDiff[];
  /** Characters inserted and deleted (an inline atom counts as one). */
  inserted: number;
  deleted: number;
  /** True when a limit cut the work short (some changes are shown coarser than they are). */
  coarse: boolean;
}

/** Stands for an inline atom in a block's text. */
export const ATOM_CHAR = '\uFFFC';

/** Beyond this many edits between the block lists, they are not aligned (shown as replaced). */
const MAX_BLOCK_EDITS = 4_000;
/** Beyond this many edits inside one block's changed middle, it is shown as deleted then inserted. */
const MAX_CHAR_EDITS = 2_000;
/** How many added blocks a removed block is compared with when looking for its changed counterpart. */
const PAIR_WINDOW = 20;
/** Attributes that are bookkeeping, not content. */
// `commentThreads`: the comment anchors of objects (issue 28) come and go with threads, not as edits.
const IGNORED_ATTRS = new Set(['uploadId', 'commentThreads']);

/** JSON of a node or attributes without the comment anchors of objects. */
const keyJson = (value: unknown): string =>
  JSON.stringify(value, (k, v: unknown) => (k === 'commentThreads' ? undefined : v));

interface Block extends BlockInfo {
  node: PmNode;
  /** Equal fingerprints: the same block (content, marks, attributes and containers). */
  key: string;
  /** The containers' types: blocks are paired only within the same kind of place. */
  place: string;
}

function typeName(node: PmNode): string {
  const level: unknown = node.attrs.level;
  return node.type.name === 'heading' && typeof level === 'number' ? `heading${String(level)}` : node.type.name;
}

function atomType(node: PmNode): AtomType {
  const name = node.type.name;
  return name === 'image' || name === 'video' || name === 'file' || name === 'icon' ? name : 'other';
}

function textOf(block: PmNode): string {
  let text = '';
  block.forEach((child) => {
    if (child.isText) text += child.text ?? '';
    else if (child.type.name === 'hardBreak') text += '\n';
    else text += ATOM_CHAR;
  });
  return text;
}

function attrsJson(attrs: Readonly<Record<string, unknown>>): string {
  return keyJson(attrs);
}

/** The document's blocks in order: textblocks and block atoms, with the containers they sit in. */
function blocksOf(doc: PmNode): Block[] {
  const out: Block[] = [];
  const walk = (node: PmNode, path: PathStep[]): void => {
    node.forEach((child, _offset, index) => {
      if (child.isTextblock || (child.isBlock && child.isLeaf)) {
        const place = path.map((s) => s.type).join('/');
        const context = path.map((s) => `${s.type}${attrsJson(s.attrs)}`).join('/');
        out.push({
          type: typeName(child),
          path: [...path, { type: child.type.name, index, attrs: child.attrs }],
          // A block atom with a text form (an embed card: its title and address) compares by it.
          text: child.isLeaf ? (child.type.spec.leafText?.(child) ?? '') : textOf(child),
          node: child,
          key: `${context}|${keyJson(child.toJSON())}`,
          place,
        });
      } else if (child.isBlock) {
        walk(child, [...path, { type: child.type.name, index, attrs: child.attrs }]);
      }
    });
  };
  walk(doc, []);
  return out;
}

/** One character (or atom) of a block: its marks and, for an atom, its node. */
interface Unit {
  marks: readonly Mark[];
  atom: PmNode | null;
}

function unitsOf(block: PmNode): Unit[] {
  const units: Unit[] = [];
  block.forEach((child) => {
    if (child.isText) {
      for (let i = 0; i < (child.text ?? '').length; i++) units.push({ marks: child.marks, atom: null });
    } else units.push({ marks: child.marks, atom: child.type.name === 'hardBreak' ? null : child });
  });
  return units;
}

function atomLabel(node: PmNode): string {
  const { alt, name, src, href } = node.attrs as Record<string, unknown>;
  for (const value of [alt, name, src, href]) if (typeof value === 'string' && value !== '') return value;
  return '';
}

/** The segments of `text` (whose units are `units`), splitting out atoms as their own segments. */
function pushText(
  out: DiffSegment[],
  op: DiffSegment['op'],
  text: string,
  units: readonly Unit[],
  start: number,
): void {
  let run = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const atom = ch === ATOM_CHAR ? units[start + i]?.atom : null;
    if (atom) {
      if (run) out.push({ op, text: run });
      run = '';
      out.push({ op, text: atomLabel(atom), atom: atomType(atom) });
    } else run += ch;
  }
  if (run) {
    const last = out[out.length - 1];
    if (last && last.op === op && !last.atom) last.text += run;
    else out.push({ op, text: run });
  }
}

function commonPrefix(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

function commonSuffix(a: string, b: string, prefix: number): number {
  const max = Math.min(a.length, b.length) - prefix;
  let i = 0;
  while (i < max && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return i;
}

/** Equal runs this short between two changes are folded into them ("quick" → "slow", not "q̶s̶l̶o̶w̶…"). */
const SHORT_EQUAL = 3;

interface Change {
  value: string;
  added?: boolean;
  removed?: boolean;
}

/**
 * Merges the character diff into readable runs: a short equal run between changes becomes part of both
 * the deletion and the insertion, and neighbouring deletions and insertions are joined.
 */
export function readableChanges(changes: readonly Change[]): Change[] {
  const out: Change[] = [];
  let del = '';
  let ins = '';
  const flush = (): void => {
    if (del) out.push({ value: del, removed: true });
    if (ins) out.push({ value: ins, added: true });
    del = '';
    ins = '';
  };
  changes.forEach((change, i) => {
    if (change.added) ins += change.value;
    else if (change.removed) del += change.value;
    else {
      const between = (del || ins) && i < changes.length - 1;
      if (between && change.value.length <= SHORT_EQUAL) {
        del += change.value;
        ins += change.value;
        return;
      }
      flush();
      out.push({ value: change.value });
    }
  });
  flush();
  return out;
}

/** Pairs of same text: [start in a, start in b, length]. */
type SameRun = [number, number, number];

/** The inline diff of two texts: common prefix and suffix stripped, jsdiff on the middle, capped. */
function diffText(
  a: string,
  b: string,
  unitsA: readonly Unit[],
  unitsB: readonly Unit[],
): { segments: DiffSegment[]; same: SameRun[]; inserted: number; deleted: number; coarse: boolean } {
  const prefix = commonPrefix(a, b);
  const suffix = commonSuffix(a, b, prefix);
  const segments: DiffSegment[] = [];
  const same: SameRun[] = [];
  let inserted = 0;
  let deleted = 0;
  let coarse = false;
  if (prefix > 0) {
    pushText(segments, 'same', a.slice(0, prefix), unitsA, 0);
    same.push([0, 0, prefix]);
  }
  const midA = a.slice(prefix, a.length - suffix);
  const midB = b.slice(prefix, b.length - suffix);
  let ia = prefix;
  let ib = prefix;
  const raw = midA && midB ? diffChars(midA, midB, { maxEditLength: MAX_CHAR_EDITS }) : undefined;
  if (raw) {
    for (const change of readableChanges(raw)) {
      const n = change.value.length;
      if (change.added) {
        pushText(segments, 'ins', change.value, unitsB, ib);
        inserted += n;
        ib += n;
      } else if (change.removed) {
        pushText(segments, 'del', change.value, unitsA, ia);
        deleted += n;
        ia += n;
      } else {
        pushText(segments, 'same', change.value, unitsA, ia);
        same.push([ia, ib, n]);
        ia += n;
        ib += n;
      }
    }
  } else {
    if (midA && midB) coarse = true;
    if (midA) pushText(segments, 'del', midA, unitsA, prefix);
    if (midB) pushText(segments, 'ins', midB, unitsB, prefix);
    deleted += midA.length;
    inserted += midB.length;
  }
  if (suffix > 0) {
    pushText(segments, 'same', a.slice(a.length - suffix), unitsA, a.length - suffix);
    same.push([a.length - suffix, b.length - suffix, suffix]);
  }
  return { segments, same, inserted, deleted, coarse };
}

const valueText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

function markMap(marks: readonly Mark[]): Map<string, Mark> {
  return new Map(marks.map((m) => [m.type.name, m]));
}

/** Formatting, link and media changes on text that both blocks share. */
function inlineAttrChanges(
  a: string,
  same: readonly SameRun[],
  unitsA: readonly Unit[],
  unitsB: readonly Unit[],
): AttrChange[] {
  const out: AttrChange[] = [];
  // Consecutive characters with the same change are reported once, with their text.
  const open = new Map<string, { change: AttrChange & { text: string }; end: number }>();
  const extend = (key: string, change: AttrChange & { text: string }, at: number, ch: string): void => {
    const run = open.get(key);
    if (run && run.end === at) {
      run.change.text += ch;
      run.end = at + 1;
      return;
    }
    out.push(change);
    open.set(key, { change, end: at + 1 });
  };
  for (const [startA, startB, length] of same) {
    for (let k = 0; k < length; k++) {
      const ua = unitsA[startA + k];
      const ub = unitsB[startB + k];
      if (!ua || !ub) continue;
      const ch = a[startA + k] as string;
      if (ua.atom && ub.atom && ua.atom.type === ub.atom.type) {
        const node = atomType(ua.atom);
        for (const attr of Object.keys({ ...ua.atom.attrs, ...ub.atom.attrs })) {
          if (IGNORED_ATTRS.has(attr)) continue;
          const from = valueText(ua.atom.attrs[attr]);
          const to = valueText(ub.atom.attrs[attr]);
          if (from !== to) out.push({ kind: 'media', node, attr, from, to });
        }
      }
      if (ua.marks === ub.marks) continue;
      const ma = markMap(ua.marks);
      const mb = markMap(ub.marks);
      for (const name of new Set([...ma.keys(), ...mb.keys()])) {
        const before = ma.get(name);
        const after = mb.get(name);
        const at = startA + k;
        if (name === COMMENT_MARK) {
          // Anchors of other threads on the same text: still a comment there.
          if (!before || !after) {
            const change = before ? 'removed' : 'added';
            extend(`comment:${change}`, { kind: 'comment', change, text: ch }, at, ch);
          }
        } else if (SUGGESTION_MARKS[name]) {
          const suggestion = SUGGESTION_MARKS[name];
          const mark = after ?? before;
          if (!mark || (before && after && before.eq(after))) continue;
          // Marked (or marked anew) on the same text: suggested. Unmarked with the text kept: an insertion
          // accepted, a deletion rejected.
          const change = after ? 'suggested' : suggestion === 'insertion' ? 'accepted' : 'rejected';
          const author = authorOf(mark);
          extend(
            `suggestion:${suggestion}:${change}:${String(author)}`,
            { kind: 'suggestion', suggestion, change, author, text: ch },
            at,
            ch,
          );
        } else if (name === 'link') {
          const from = before ? valueText(before.attrs.href) : null;
          const to = after ? valueText(after.attrs.href) : null;
          if (from !== to) extend(`link:${String(from)}>${String(to)}`, { kind: 'link', text: ch, from, to }, at, ch);
        } else if (!before || !after) {
          const change = before ? 'removed' : 'added';
          extend(`mark:${name}:${change}`, { kind: 'mark', mark: name, change, text: ch }, at, ch);
        } else if (!before.eq(after)) {
          extend(`mark:${name}:changed`, { kind: 'mark', mark: name, change: 'changed', text: ch }, at, ch);
        }
      }
    }
  }
  for (const change of out) {
    if (change.kind === 'suggestion' || change.kind === 'comment') change.text = change.text.replace(ANCHOR, '');
  }
  return out;
}

/**
 * Suggestions among inserted and deleted text: text inserted with an insertion (or deletion) mark was suggested;
 * text that goes with its insertion mark was a rejected insertion, with its deletion mark an accepted deletion.
 */
function suggestionTextChanges(segments: readonly DiffSegment[], marksOf: SegmentMarks): AttrChange[] {
  const out: Array<AttrChange & { kind: 'suggestion' }> = [];
  let last: (AttrChange & { kind: 'suggestion' }) | null = null;
  let lastEnd = -1;
  for (const { op, units, start, text } of marksOf(segments)) {
    for (let k = 0; k < text.length; k++) {
      const unit = units[start + k];
      const mark = unit?.marks.find((m) => SUGGESTION_MARKS[m.type.name] !== undefined);
      if (!mark) continue;
      const suggestion = SUGGESTION_MARKS[mark.type.name] as 'insertion' | 'deletion';
      const change = op === 'ins' ? 'suggested' : suggestion === 'insertion' ? 'rejected' : 'accepted';
      const author = authorOf(mark);
      const at = start + k;
      const ch = text[k] as string;
      if (
        last &&
        lastEnd === at &&
        last.suggestion === suggestion &&
        last.change === change &&
        last.author === author
      ) {
        last.text += ch;
      } else {
        last = { kind: 'suggestion', suggestion, change, author, text: ch };
        out.push(last);
      }
      lastEnd = at + 1;
    }
  }
  for (const change of out) change.text = change.text.replace(ANCHOR, '');
  return out;
}

/** The inserted and deleted runs of a block's segments, with the units (and offsets) of their version. */
type SegmentMarks = (
  segments: readonly DiffSegment[],
) => Array<{ op: 'ins' | 'del'; units: readonly Unit[]; start: number; text: string }>;

/** Walks segments the way diffText wrote them: `same` and `del` advance in `a`, `same` and `ins` in `b`. */
function segmentMarks(unitsA: readonly Unit[], unitsB: readonly Unit[]): SegmentMarks {
  return (segments) => {
    const out: Array<{ op: 'ins' | 'del'; units: readonly Unit[]; start: number; text: string }> = [];
    let ia = 0;
    let ib = 0;
    for (const segment of segments) {
      // An atom's segment text is its label: one unit.
      const length = segment.atom ? 1 : segment.text.length;
      const text = segment.atom ? ATOM_CHAR : segment.text;
      if (segment.op === 'ins') {
        out.push({ op: 'ins', units: unitsB, start: ib, text });
        ib += length;
      } else if (segment.op === 'del') {
        out.push({ op: 'del', units: unitsA, start: ia, text });
        ia += length;
      } else {
        ia += length;
        ib += length;
      }
    }
    return out;
  };
}

/** Type, alignment and other attribute changes of a kept block and of the containers it sits in. */
function blockAttrChanges(a: Block, b: Block): AttrChange[] {
  const out: AttrChange[] = [];
  if (a.type !== b.type) out.push({ kind: 'blockType', from: a.type, to: b.type });
  const steps = Math.min(a.path.length, b.path.length);
  for (let s = 0; s < steps; s++) {
    const sa = a.path[s] as PathStep;
    const sb = b.path[s] as PathStep;
    const last = s === steps - 1;
    if (sa.type !== sb.type && !last) continue;
    for (const attr of Object.keys({ ...sa.attrs, ...sb.attrs })) {
      if (IGNORED_ATTRS.has(attr) || (last && attr === 'level')) continue;
      const from = valueText(sa.attrs[attr]);
      const to = valueText(sb.attrs[attr]);
      if (from === to) continue;
      if (attr === 'textAlign') out.push({ kind: 'align', from, to });
      else out.push({ kind: 'attr', node: sb.type, attr, from, to });
    }
  }
  return out;
}

/** Whether two blocks are one block changed rather than one removed and another added. */
function similar(a: Block, b: Block): boolean {
  if (a.place !== b.place || a.node.isTextblock !== b.node.isTextblock) return false;
  if (a.text === b.text) return true;
  const prefix = commonPrefix(a.text, b.text);
  const kept = prefix + commonSuffix(a.text, b.text, prefix);
  if (kept * 3 >= Math.max(a.text.length, b.text.length)) return true;
  // A reworded sentence keeps some of its words.
  const wordsA = a.text.split(/\s+/).filter(Boolean);
  const wordsB = new Set(b.text.split(/\s+/).filter(Boolean));
  const shared = wordsA.filter((w) => wordsB.has(w)).length;
  return shared > 0 && shared * 3 >= Math.max(wordsA.length, wordsB.size);
}

function info(block: Block): BlockInfo {
  return { type: block.type, path: block.path, text: block.text };
}

function wholeSegments(block: Block, op: 'ins' | 'del'): DiffSegment[] {
  const segments: DiffSegment[] = [];
  pushText(segments, op, block.text, unitsOf(block.node), 0);
  return segments;
}

/** Compares document `from` (the older, or the version) with document `to` (the newer, or the current one). */
export function diffDocuments(from: PmNode, to: PmNode): VersionDiff {
  const a = blocksOf(from);
  const b = blocksOf(to);
  const result: VersionDiff = { blocks: [], inserted: 0, deleted: 0, coarse: false };
  const same = (blocks: readonly Block[]): void => {
    const last = result.blocks[result.blocks.length - 1];
    if (last?.kind === 'same') {
      last.count += blocks.length;
      (last.blocks as BlockInfo[]).push(...blocks.map(info));
    } else if (blocks.length > 0) result.blocks.push({ kind: 'same', count: blocks.length, blocks: blocks.map(info) });
  };
  const changed = (removed: readonly Block[], added: readonly Block[]): void => {
    let next = 0;
    for (const old of removed) {
      let match = -1;
      for (let j = next; j < Math.min(added.length, next + PAIR_WINDOW); j++) {
        if (similar(old, added[j] as Block)) {
          match = j;
          break;
        }
      }
      if (match < 0) {
        result.blocks.push({ kind: 'removed', block: info(old), segments: wholeSegments(old, 'del') });
        result.deleted += old.text.length;
        continue;
      }
      for (const extra of added.slice(next, match)) addBlock(extra);
      next = match + 1;
      const now = added[match] as Block;
      const unitsA = unitsOf(old.node);
      const unitsB = unitsOf(now.node);
      const text = diffText(old.text, now.text, unitsA, unitsB);
      result.inserted += text.inserted;
      result.deleted += text.deleted;
      result.coarse ||= text.coarse;
      const attrs = [
        ...blockAttrChanges(old, now),
        ...inlineAttrChanges(old.text, text.same, unitsA, unitsB),
        ...suggestionTextChanges(text.segments, segmentMarks(unitsA, unitsB)),
      ];
      result.blocks.push({ kind: 'changed', from: info(old), block: info(now), segments: text.segments, attrs });
    }
    for (const extra of added.slice(next)) addBlock(extra);
  };
  const addBlock = (block: Block): void => {
    result.blocks.push({ kind: 'added', block: info(block), segments: wholeSegments(block, 'ins') });
    result.inserted += block.text.length;
  };

  const hunks = diffArrays(
    a.map((x) => x.key),
    b.map((x) => x.key),
    { maxEditLength: MAX_BLOCK_EDITS },
  );
  if (!hunks) {
    result.coarse = true;
    changed(a, b);
    return result;
  }
  let ia = 0;
  let ib = 0;
  let removed: Block[] = [];
  let added: Block[] = [];
  const flush = (): void => {
    if (removed.length > 0 || added.length > 0) changed(removed, added);
    removed = [];
    added = [];
  };
  for (const hunk of hunks) {
    const n = hunk.value.length;
    if (hunk.removed) {
      removed.push(...a.slice(ia, ia + n));
      ia += n;
    } else if (hunk.added) {
      added.push(...b.slice(ib, ib + n));
      ib += n;
    } else {
      flush();
      same(b.slice(ib, ib + n));
      ia += n;
      ib += n;
    }
  }
  flush();
  return result;
}

/** True when the comparison found nothing. */
export function isUnchanged(diff: VersionDiff): boolean {
  return diff.blocks.every((block) => block.kind === 'same');
}
