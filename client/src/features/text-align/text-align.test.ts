import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, htmlOf, toolbarItem } from '../../testing/test-editor';
import { textAlign } from './index';

const item = (alignment: string) => toolbarItem(textAlign, `align-${alignment}`);

describe('textAlign capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('aligns every selected block, paragraphs and headings alike', () => {
    ({ editor } = createTestEditor(textAlign));
    editor.commands.setContent('<p>one</p><h2>two</h2><p>three</p>');
    // From inside "one" to inside "two": two blocks, the third untouched.
    editor.commands.setTextSelection({ from: 2, to: 8 });
    item('center').run(editor);
    expect(htmlOf(editor)).toBe(
      '<p style="text-align: center;">one</p><h2 style="text-align: center;">two</h2><p>three</p>',
    );
    expect(item('center').isActive?.(editor)).toBe(true);
    expect(item('left').isActive?.(editor)).toBe(false);
  });

  it('aligns the paragraphs of a list item', () => {
    ({ editor } = createTestEditor(textAlign));
    editor.commands.setContent('<ul><li><p>item</p></li></ul>');
    editor.commands.setTextSelection(4);
    item('right').run(editor);
    expect(htmlOf(editor)).toBe('<ul><li><p style="text-align: right;">item</p></li></ul>');
  });

  it('Align Left removes the alignment and leaves no empty style', () => {
    ({ editor } = createTestEditor(textAlign));
    editor.commands.setContent('<p>plain</p>');
    editor.commands.setTextSelection(2);
    expect(item('left').isActive?.(editor)).toBe(true);
    item('left').run(editor);
    expect(htmlOf(editor)).toBe('<p>plain</p>');
    item('justify').run(editor);
    expect(htmlOf(editor)).toBe('<p style="text-align: justify;">plain</p>');
    item('left').run(editor);
    expect(htmlOf(editor)).toBe('<p>plain</p>');
  });

  it('round-trips style="text-align: …" and ignores unknown values', () => {
    ({ editor } = createTestEditor(textAlign));
    editor.commands.setContent(
      '<p style="text-align: center">a</p><h1 style="text-align: right">b</h1><p style="text-align: start">c</p>',
    );
    expect(htmlOf(editor)).toBe('<p style="text-align: center;">a</p><h1 style="text-align: right;">b</h1><p>c</p>');
  });

  it('has labels and shortcuts for the four buttons', () => {
    for (const a of ['left', 'center', 'right', 'justify']) {
      // Ctrl/⌘+Shift+E belongs to suggestion mode.
      if (a === 'center') expect(item(a).shortcut).toBeUndefined();
      else expect(item(a).shortcut).toMatch(/^Mod-Shift-[LRJ]$/);
      expect(String((textAlign.i18n as Record<string, string>)[a])).toMatch(/^Align /);
    }
  });
});
