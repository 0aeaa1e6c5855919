import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, describeBlockCapability, htmlOf, typeAndSelect } from '../../testing/test-editor';
import { bulletList } from './index';
import { currentListStyle, setListStyle } from './list-style';

describeBlockCapability(bulletList, 'bulletList', '<ul><li><p>item</p></li></ul>');

/** Position inside the first text node that contains `text`. */
function posOf(editor: Editor, text: string): number {
  let found = -1;
  editor.state.doc.descendants((node, pos) => {
    if (found < 0 && node.isText && node.text?.includes(text)) found = pos + 1;
  });
  return found;
}

describe('unordered list types', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('turns a paragraph into a list of the chosen type, and Default removes the type', () => {
    ({ editor } = createTestEditor(bulletList));
    typeAndSelect(editor, 'item');
    setListStyle(editor, 'bulletList', 'square');
    expect(htmlOf(editor)).toBe('<ul style="list-style-type: square;"><li><p>item</p></li></ul>');
    expect(currentListStyle(editor.state, 'bulletList')).toBe('square');
    setListStyle(editor, 'bulletList', null);
    expect(htmlOf(editor)).toBe('<ul><li><p>item</p></li></ul>');
    expect(currentListStyle(editor.state, 'bulletList')).toBeNull();
  });

  it('changes only the innermost list of a nested list', () => {
    ({ editor } = createTestEditor(bulletList));
    editor.commands.setContent('<ul><li><p>a</p><ul><li><p>b</p></li></ul></li></ul>');
    editor.commands.setTextSelection(posOf(editor, 'b'));
    setListStyle(editor, 'bulletList', 'circle');
    expect(htmlOf(editor)).toBe(
      '<ul><li><p>a</p><ul style="list-style-type: circle;"><li><p>b</p></li></ul></li></ul>',
    );
  });

  it('is one undo step', async () => {
    ({ editor } = createTestEditor(bulletList));
    typeAndSelect(editor, 'item');
    await new Promise((r) => setTimeout(r, 600)); // let the Yjs undo manager close its capture group
    setListStyle(editor, 'bulletList', 'disc');
    editor.commands.undo();
    expect(htmlOf(editor)).toBe('<p>item</p>');
  });

  it('round-trips the type and drops unknown values', () => {
    ({ editor } = createTestEditor(bulletList));
    editor.commands.setContent('<ul style="list-style-type: circle"><li><p>x</p></li></ul>');
    const html = htmlOf(editor);
    expect(html).toBe('<ul style="list-style-type: circle;"><li><p>x</p></li></ul>');
    editor.commands.setContent(html);
    expect(htmlOf(editor)).toBe(html);
    editor.commands.setContent('<ul style="list-style-type: &quot;x&quot;"><li><p>x</p></li></ul>');
    expect(htmlOf(editor)).toBe('<ul><li><p>x</p></li></ul>');
  });

  it('offers a quick-insert item that makes a list', () => {
    ({ editor } = createTestEditor(bulletList));
    typeAndSelect(editor, 'item');
    bulletList.insertItems?.[0]?.run(editor);
    expect(htmlOf(editor)).toBe('<ul><li><p>item</p></li></ul>');
  });
});
