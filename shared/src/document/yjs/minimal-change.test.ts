import type { Node as PmNode } from '@tiptap/pm/model';
import { EditorState } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '../../editor-options';
import { createDocumentModel } from '../model/create-document-model';
import { applyRangeChanges, changesMapping, documentChanges } from './minimal-change';
import { htmlRoundTripOptions, randomDocument, seededRandom } from '../testing/random-document';

const { schema } = createDocumentModel(defaultEditorOptions);
const options = htmlRoundTripOptions(defaultEditorOptions);

type Json = Record<string, unknown>;
const p = (text: string): Json => ({ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] });
const doc = (...content: Json[]): PmNode => schema.nodeFromJSON({ type: 'doc', content });
const cell = (text: string): Json => ({ type: 'tableCell', content: [p(text)] });
const table = (...rows: string[][]): Json => ({
  type: 'table',
  content: rows.map((cells) => ({ type: 'tableRow', content: cells.map(cell) })),
});

function apply(base: PmNode, next: PmNode): PmNode {
  const tr = EditorState.create({ doc: base }).tr;
  applyRangeChanges(tr, documentChanges(base, next));
  return tr.doc;
}

/** A document sharing most blocks with `base`: some dropped, some moved, some replaced by another doc's. */
function mutate(base: PmNode, seed: number): PmNode {
  const random = seededRandom(seed);
  const other = randomDocument(schema, seed + 10_000, options);
  const blocks: PmNode[] = [];
  base.forEach((child) => blocks.push(child));
  const extra: PmNode[] = [];
  other.forEach((child) => extra.push(child));
  for (let k = 0; k < 3; k++) {
    const at = Math.floor(random() * (blocks.length + 1));
    const roll = random();
    if (roll < 0.3 && blocks.length > 1) blocks.splice(at, 1);
    else if (roll < 0.6 && extra.length > 0) blocks.splice(at, 0, extra[k % extra.length] as PmNode);
    else if (blocks.length > 0 && extra.length > 0)
      blocks.splice(Math.min(at, blocks.length - 1), 1, extra[0] as PmNode);
  }
  return base.type.create(base.attrs, blocks);
}

describe('documentChanges', () => {
  it('finds nothing between equal documents', () => {
    expect(documentChanges(doc(p('a'), p('b')), doc(p('a'), p('b')))).toEqual([]);
  });

  it('replaces only the changed words of the changed paragraph', () => {
    const base = doc(p('one'), p('the quick fox'), p('three'));
    const next = doc(p('one'), p('the slow fox'), p('three'));
    const changes = documentChanges(base, next);
    expect(changes).toHaveLength(1);
    const [change] = changes;
    // "quick" sits at 5 + 1 + 4 = 10 … 15 (paragraph one is 5 wide, the second opens at 5).
    expect(change?.from).toBe(10);
    expect(change?.to).toBe(15);
    expect(change?.content.textBetween(0, change.content.size)).toBe('slow');
    expect(apply(base, next).eq(next)).toBe(true);
  });

  it('inserts and deletes whole blocks without touching their neighbours', () => {
    const base = doc(p('a'), p('b'), p('c'));
    const inserted = doc(p('a'), p('new'), p('b'), p('c'));
    const changes = documentChanges(base, inserted);
    expect(changes).toEqual([expect.objectContaining({ from: 3, to: 3 })]);
    expect(apply(base, inserted).eq(inserted)).toBe(true);
    const deleted = doc(p('a'), p('c'));
    expect(documentChanges(base, deleted)).toEqual([expect.objectContaining({ from: 3, to: 6 })]);
    expect(apply(base, deleted).eq(deleted)).toBe(true);
  });

  it('descends into a table: one edited cell is one small change inside that cell', () => {
    const base = doc(table(['a', 'b'], ['c', 'd']));
    const next = doc(table(['a', 'b'], ['c', 'dd']));
    const changes = documentChanges(base, next);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.to).toBe(changes[0]?.from);
    expect(apply(base, next).eq(next)).toBe(true);
  });

  it('keeps a concurrent edit in an untouched block when applied through the diff of the two documents', () => {
    const base = doc(p('first'), p('second'), p('third'));
    const mine = doc(p('first edited'), p('second'), p('third'));
    // Another author typed at the end of "third" after the base was taken.
    const theirs = EditorState.create({ doc: base }).tr.insertText('!', 21);
    const tr = EditorState.create({ doc: theirs.doc }).tr;
    const mapping = changesMapping(documentChanges(base, theirs.doc));
    expect(applyRangeChanges(tr, documentChanges(base, mine), mapping)).toBe(1);
    expect(tr.doc.eq(doc(p('first edited'), p('second'), p('third!')))).toBe(true);
  });

  it('keeps text another author inserted at the very edge of a replaced range', () => {
    const base = doc(p('ab'), p('cd'));
    const mine = doc(p('ab'), p('XY'));
    // "cd" (positions 5..7) is replaced; the other author typed "!" right before it.
    const theirs = EditorState.create({ doc: base }).tr.insertText('!', 5);
    const tr = EditorState.create({ doc: theirs.doc }).tr;
    applyRangeChanges(tr, documentChanges(base, mine), changesMapping(documentChanges(base, theirs.doc)));
    expect(tr.doc.eq(doc(p('ab'), p('!XY')))).toBe(true);
  });

  it('merges edits in different cells of one table, and in the same paragraph at different places', () => {
    const base = doc(table(['a', 'b'], ['c', 'd']), p('left right'));
    const mine = doc(table(['a mine', 'b'], ['c', 'd']), p('LEFT right'));
    const theirs = doc(table(['a', 'b'], ['c', 'd theirs']), p('left RIGHT'));
    const tr = EditorState.create({ doc: theirs }).tr;
    applyRangeChanges(tr, documentChanges(base, mine), changesMapping(documentChanges(base, theirs)));
    expect(tr.doc.toJSON()).toEqual(doc(table(['a mine', 'b'], ['c', 'd theirs']), p('LEFT RIGHT')).toJSON());
  });

  it('turns any generated document into any other and into its own variations (200 seeds each)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const base = randomDocument(schema, seed, options);
      for (const next of [randomDocument(schema, seed + 500, options), mutate(base, seed)]) {
        const result = apply(base, next);
        if (!result.eq(next)) {
          throw new Error(
            `seed ${String(seed)}: got ${JSON.stringify(result.toJSON())}\nwanted ${JSON.stringify(next.toJSON())}`,
          );
        }
      }
    }
  });
});
