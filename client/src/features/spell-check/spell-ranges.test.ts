import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { DecorationSet } from '@tiptap/pm/view';
import { createTestEditor } from '../../testing/test-editor';
import { changedBlocks, marker, shiftDecorations, shiftRanges } from './spell-ranges';

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

function open(html: string): Editor {
  const { editor } = createTestEditor();
  editors.push(editor);
  editor.commands.setContent(html);
  return editor;
}

describe('marker mapping', () => {
  it('finds the changed top-level block by identity and moves the markers after it', () => {
    const editor = open('<p>one</p><p>twoo</p><p>thre</p>');
    const before = editor.state.doc;
    const twooAt = 5 + 1; // after "<p>one</p>" and the second paragraph's opening
    const threAt = 5 + 6 + 1;
    expect(before.textBetween(twooAt, twooAt + 4)).toBe('twoo');
    expect(before.textBetween(threAt, threAt + 4)).toBe('thre');
    let set = DecorationSet.create(before, [marker(twooAt, twooAt + 4, 'twoo'), marker(threAt, threAt + 4, 'thre')]);
    editor.commands.insertContentAt(2, 'xx'); // inside "one"
    const after = editor.state.doc;
    const change = changedBlocks(before, after);
    expect(change).toEqual({ oldFrom: 0, oldTo: 5, newFrom: 0, newTo: 7 });
    set = shiftDecorations(set, before, after, change!);
    expect(set.find().map((d) => after.textBetween(d.from, d.to))).toEqual(['twoo', 'thre']);
  });

  it('drops the markers of the changed block and keeps it to recheck', () => {
    const editor = open('<p>one</p><p>twoo</p>');
    const before = editor.state.doc;
    const set = DecorationSet.create(before, [marker(6, 10, 'twoo')]);
    expect(before.textBetween(6, 10)).toBe('twoo');
    editor.commands.insertContentAt(8, 'z');
    const change = changedBlocks(before, editor.state.doc)!;
    expect(change).toMatchObject({ oldFrom: 5, newFrom: 5, newTo: editor.state.doc.content.size });
    expect(shiftDecorations(set, before, editor.state.doc, change).find()).toEqual([]);
    expect(shiftRanges([{ from: 0, to: 5 }], change)).toEqual([
      { from: 0, to: 5 },
      { from: 5, to: change.newTo },
    ]);
  });

  it('keeps the markers of untouched blocks as they are (mapped, not rebuilt: a keystroke costs the same with many)', () => {
    const words = Array.from({ length: 300 }, (_, i) => `<p>wordd${String(i)}</p>`).join('');
    const editor = open(words);
    const before = editor.state.doc;
    const markers: ReturnType<typeof marker>[] = [];
    before.forEach((block, offset) =>
      markers.push(marker(offset + 1, offset + 1 + block.content.size, block.textContent)),
    );
    const set = DecorationSet.create(before, markers);
    editor.commands.insertContentAt(2, 'q'); // in the first paragraph: every other marker moves
    const after = editor.state.doc;
    const change = changedBlocks(before, after)!;
    const shifted = shiftDecorations(set, before, after, change);
    expect(shifted.find()).toHaveLength(299);
    const last = (of: DecorationSet, doc: typeof after) =>
      of.find().find((d) => doc.textBetween(d.from, d.to) === 'wordd299');
    // The same marker moved (its spec object), not one made again for every block after the change.
    expect(last(shifted, after)).toBeDefined();
    expect(last(shifted, after)?.spec).toBe(last(set, before)?.spec);
  });

  it('sees no change when the document is the same', () => {
    const editor = open('<p>one</p>');
    expect(changedBlocks(editor.state.doc, editor.state.doc)).toBeNull();
  });
});
