import type { Node as PmNode } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '../../editor-options';
import { createDocumentModel } from './create-document-model';
import { randomDocument, seededRandom, htmlRoundTripOptions } from '../testing/random-document';
import { diffDocuments, isUnchanged, type BlockDiff } from './version-diff';

const { schema } = createDocumentModel(defaultEditorOptions);

type Json = Record<string, unknown>;
const text = (t: string, marks?: Json[]): Json => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const p = (...content: Array<Json | string>): Json => ({
  type: 'paragraph',
  content: content.map((c) => (typeof c === 'string' ? text(c) : c)),
});
const doc = (...content: Json[]): PmNode => schema.nodeFromJSON({ type: 'doc', content });
const image = (src: string, alt = ''): Json => ({ type: 'image', attrs: { src, alt } });
const cell = (t: string): Json => ({ type: 'tableCell', content: [p(t)] });
const table = (...rows: string[][]): Json => ({
  type: 'table',
  content: rows.map((cells) => ({ type: 'tableRow', content: cells.map(cell) })),
});

const changedOnly = (blocks: BlockDiff[]) => blocks.filter((b) => b.kind !== 'same');

describe('diffDocuments', () => {
  it('finds nothing between identical documents', () => {
    const a = doc(p('one'), p('two'), table(['a', 'b']));
    const diff = diffDocuments(a, doc(p('one'), p('two'), table(['a', 'b'])));
    expect(isUnchanged(diff)).toBe(true);
    expect(diff.inserted + diff.deleted).toBe(0);
    expect(diff.blocks).toEqual([expect.objectContaining({ kind: 'same', count: 4 })]);
  });

  it('does not count the comment anchors of objects as changes (they follow threads, not edits)', () => {
    const threads = { commentThreads: 'thread-0001' };
    const commented = doc(p('see ', { type: 'image', attrs: { src: '/a.png', ...threads } }), {
      type: 'table',
      content: [{ type: 'tableRow', content: [{ ...cell('a'), attrs: threads }] }],
    });
    expect(isUnchanged(diffDocuments(doc(p('see ', image('/a.png')), table(['a'])), commented))).toBe(true);
  });

  it('shows an insertion and a deletion inside a paragraph', () => {
    const diff = diffDocuments(doc(p('keep'), p('the quick fox')), doc(p('keep'), p('the slow brown fox')));
    expect(diff.blocks[0]).toMatchObject({ kind: 'same', count: 1 });
    const [block] = changedOnly(diff.blocks);
    expect(block?.kind).toBe('changed');
    const segments = block && 'segments' in block ? block.segments : [];
    const ins = segments
      .filter((s) => s.op === 'ins')
      .map((s) => s.text)
      .join('');
    const del = segments
      .filter((s) => s.op === 'del')
      .map((s) => s.text)
      .join('');
    expect(segments.map((s) => (s.op === 'del' ? '' : s.text)).join('')).toBe('the slow brown fox');
    expect(segments.map((s) => (s.op === 'ins' ? '' : s.text)).join('')).toBe('the quick fox');
    expect(ins.length).toBe(diff.inserted);
    expect(del.length).toBe(diff.deleted);
    expect(del).toContain('q');
  });

  it('shows added and removed blocks', () => {
    const diff = diffDocuments(
      doc(p('first'), p('gone entirely'), p('last')),
      doc(p('first'), p('last'), p('brand new')),
    );
    const changes = changedOnly(diff.blocks);
    expect(changes.map((c) => c.kind)).toEqual(['removed', 'added']);
    expect(changes[0]).toMatchObject({ block: { text: 'gone entirely' } });
    expect(changes[1]).toMatchObject({ block: { text: 'brand new' }, segments: [{ op: 'ins', text: 'brand new' }] });
    expect(diff.inserted).toBe('brand new'.length);
    expect(diff.deleted).toBe('gone entirely'.length);
  });

  it('lists a formatting mark added to the same text', () => {
    const diff = diffDocuments(doc(p('a foo b')), doc(p('a ', text('foo', [{ type: 'bold' }]), ' b')));
    const [block] = changedOnly(diff.blocks);
    expect(block).toMatchObject({
      kind: 'changed',
      attrs: [{ kind: 'mark', mark: 'bold', change: 'added', text: 'foo' }],
    });
    expect(diff.inserted + diff.deleted).toBe(0);
  });

  it('lists two marks added together once each', () => {
    const diff = diffDocuments(doc(p('foo')), doc(p(text('foo', [{ type: 'bold' }, { type: 'italic' }]))));
    const [block] = changedOnly(diff.blocks);
    expect(block && 'attrs' in block ? block.attrs : []).toEqual([
      { kind: 'mark', mark: 'bold', change: 'added', text: 'foo' },
      { kind: 'mark', mark: 'italic', change: 'added', text: 'foo' },
    ]);
  });

  it("lists a link's changed address", () => {
    const link = (href: string): Json[] => [{ type: 'link', attrs: { href } }];
    const diff = diffDocuments(
      doc(p('see ', text('docs', link('https://a.example/')))),
      doc(p('see ', text('docs', link('https://b.example/')))),
    );
    const [block] = changedOnly(diff.blocks);
    expect(block).toMatchObject({
      kind: 'changed',
      attrs: [{ kind: 'link', text: 'docs', from: 'https://a.example/', to: 'https://b.example/' }],
    });
  });

  it("lists a picture's changed address and alt text", () => {
    const diff = diffDocuments(doc(p('x', image('/a.png', 'cat'))), doc(p('x', image('/b.png', 'dog'))));
    const [block] = changedOnly(diff.blocks);
    expect(block && 'attrs' in block ? block.attrs : []).toEqual(
      expect.arrayContaining([
        { kind: 'media', node: 'image', attr: 'src', from: '/a.png', to: '/b.png' },
        { kind: 'media', node: 'image', attr: 'alt', from: 'cat', to: 'dog' },
      ]),
    );
  });

  it('shows an inserted picture as one atom', () => {
    const diff = diffDocuments(doc(p('x')), doc(p('x', image('/a.png', 'cat'))));
    const [block] = changedOnly(diff.blocks);
    expect(block && 'segments' in block ? block.segments : []).toEqual([
      { op: 'same', text: 'x' },
      { op: 'ins', text: 'cat', atom: 'image' },
    ]);
  });

  it('shows a changed table cell with its path', () => {
    const diff = diffDocuments(doc(table(['a', 'b'], ['c', 'd'])), doc(table(['a', 'b'], ['c', 'dd'])));
    const changes = changedOnly(diff.blocks);
    expect(changes).toHaveLength(1);
    const [block] = changes;
    expect(block?.kind).toBe('changed');
    expect(block && 'block' in block ? block.block.path.map((s) => `${s.type}${String(s.index)}`) : []).toEqual([
      'table0',
      'tableRow1',
      'tableCell1',
      'paragraph0',
    ]);
    expect(diff.inserted).toBe(1);
  });

  it('lists block type and alignment changes', () => {
    const diff = diffDocuments(
      doc(p('Title')),
      doc({ type: 'heading', attrs: { level: 2, textAlign: 'center' }, content: [text('Title')] }),
    );
    const [block] = changedOnly(diff.blocks);
    expect(block && 'attrs' in block ? block.attrs : []).toEqual(
      expect.arrayContaining([
        { kind: 'blockType', from: 'paragraph', to: 'heading2' },
        expect.objectContaining({ kind: 'align', to: 'center' }),
      ]),
    );
  });

  it('collapses unchanged runs', () => {
    const many = Array.from({ length: 12 }, (_, i) => p(`para ${String(i)}`));
    const diff = diffDocuments(doc(...many, p('end')), doc(...many, p('end!')));
    expect(diff.blocks[0]).toMatchObject({ kind: 'same', count: 12 });
    expect(diff.blocks).toHaveLength(2);
  });

  it('compares random documents without losing text', () => {
    const options = htmlRoundTripOptions(defaultEditorOptions);
    for (let seed = 1; seed <= 20; seed++) {
      const a = randomDocument(schema, seed, options);
      const b = randomDocument(schema, seed + 500, options);
      const diff = diffDocuments(a, b);
      const newText = diff.blocks
        .flatMap((block) =>
          block.kind === 'same'
            ? block.blocks.map((x) => x.text)
            : block.kind === 'removed'
              ? []
              : [block.segments.map((s) => (s.op === 'del' ? '' : s.atom ? '\uFFFC' : s.text)).join('')],
        )
        .join('|');
      void seededRandom;
      expect(newText.replace(/\uFFFC/g, '')).toBe(
        diffDocuments(b, b)
          .blocks.flatMap((block) => (block.kind === 'same' ? block.blocks.map((x) => x.text) : []))
          .join('|')
          .replace(/\uFFFC/g, ''),
      );
    }
  });
});

describe('readableChanges', () => {
  it('folds short equal runs between changes into one deletion and one insertion', () => {
    const diff = diffDocuments(doc(p('The quick brown fox jumps.')), doc(p('The slow red fox walks.')));
    const [block] = changedOnly(diff.blocks);
    const segments = block && 'segments' in block ? block.segments : [];
    expect(segments).toEqual([
      { op: 'same', text: 'The ' },
      { op: 'del', text: 'quick brown ' },
      { op: 'ins', text: 'slow red ' },
      { op: 'same', text: 'fox ' },
      { op: 'del', text: 'jump' },
      { op: 'ins', text: 'walk' },
      { op: 'same', text: 's.' },
    ]);
  });
});

describe('diffDocuments: comments and suggestions in words (issue 28)', () => {
  const ID = 'sugg_0123456789ab';
  const ins = (author: string | null = 'Ada'): Json => ({ type: 'insertion', attrs: { id: ID, author } });
  const del = (author: string | null = 'Ada'): Json => ({ type: 'deletion', attrs: { id: ID, author } });
  const attrsOf = (a: PmNode, b: PmNode) => {
    const [block] = changedOnly(diffDocuments(a, b).blocks);
    return block?.kind === 'changed' ? block.attrs : [];
  };

  it('names a comment anchor added or removed, not as formatting', () => {
    const anchored = doc(p('a ', text('phrase', [{ type: 'comment', attrs: { thread: 'thread-0001' } }]), ' b'));
    const plain = doc(p('a phrase b'));
    expect(attrsOf(plain, anchored)).toEqual([{ kind: 'comment', change: 'added', text: 'phrase' }]);
    expect(attrsOf(anchored, plain)).toEqual([{ kind: 'comment', change: 'removed', text: 'phrase' }]);
  });

  it('names suggested insertions and deletions with their authors', () => {
    const before = doc(p('Hello old world'));
    const after = doc(p('Hello ', text('old ', [del()]), text('new ', [ins('Bob')]), 'world'));
    expect(attrsOf(before, after)).toEqual([
      { kind: 'suggestion', suggestion: 'deletion', change: 'suggested', author: 'Ada', text: 'old ' },
      { kind: 'suggestion', suggestion: 'insertion', change: 'suggested', author: 'Bob', text: 'new ' },
    ]);
  });

  it('tells accepted and rejected suggestions apart where the versions show it', () => {
    const suggested = doc(p('Hello ', text('old ', [del()]), text('new ', [ins()]), 'world'));
    // Accept: the deleted text goes, the inserted text stays without its mark.
    expect(attrsOf(suggested, doc(p('Hello new world')))).toEqual([
      { kind: 'suggestion', suggestion: 'insertion', change: 'accepted', author: 'Ada', text: 'new ' },
      { kind: 'suggestion', suggestion: 'deletion', change: 'accepted', author: 'Ada', text: 'old ' },
    ]);
    // Reject: the inserted text goes, the deleted text stays without its mark.
    expect(attrsOf(suggested, doc(p('Hello old world')))).toEqual([
      { kind: 'suggestion', suggestion: 'deletion', change: 'rejected', author: 'Ada', text: 'old ' },
      { kind: 'suggestion', suggestion: 'insertion', change: 'rejected', author: 'Ada', text: 'new ' },
    ]);
  });

  it('leaves the zero-width anchors of suggestion mode out of the words', () => {
    const joined = doc(p('one', text('\u200B', [del()])), p(text('\u200B', [del()]), 'two'));
    const attrs = changedOnly(diffDocuments(doc(p('one'), p('two')), joined).blocks).flatMap((b) =>
      b.kind === 'changed' ? b.attrs : [],
    );
    expect(attrs.length).toBeGreaterThan(0);
    for (const change of attrs) expect(change).toMatchObject({ kind: 'suggestion', change: 'suggested', text: '' });
  });
});
