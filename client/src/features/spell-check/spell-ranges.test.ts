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

  it('sees no change when the document is the same', () => {
    const editor = open('<p>one</p>');
    expect(changedBlocks(editor.state.doc, editor.state.doc)).toBeNull();
  });
});
