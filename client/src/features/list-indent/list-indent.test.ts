import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, htmlOf, toolbarItem } from '../../testing/test-editor';
import { listIndent } from './index';

const threeItems = '<ul><li><p>one</p></li><li><p>two</p></li><li><p>three</p></li></ul>';

function caretIn(editor: Editor, text: string): void {
  editor.state.doc.descendants((node, pos) => {
    if (node.isText && node.text === text) editor.commands.setTextSelection(pos + 1);
  });
}

function press(editor: Editor, key: string, init: KeyboardEventInit = {}): boolean {
  const event = new KeyboardEvent('keydown', { key, ...init });
  return editor.view.someProp('handleKeyDown', (f) => f(editor.view, event)) ?? false;
}

describe('listIndent capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('nests the second item under the first and lifts it back', () => {
    ({ editor } = createTestEditor(listIndent));
    editor.commands.setContent(threeItems);
    caretIn(editor, 'two');
    const increase = toolbarItem(listIndent, 'indent');
    const decrease = toolbarItem(listIndent, 'outdent');
    expect(increase.isEnabled?.(editor)).toBe(true);
    increase.run(editor);
    expect(htmlOf(editor)).toBe('<ul><li><p>one</p><ul><li><p>two</p></li></ul></li><li><p>three</p></li></ul>');
    decrease.run(editor);
    expect(htmlOf(editor)).toBe(threeItems);
  });

  it('is disabled where nothing can move', () => {
    ({ editor } = createTestEditor(listIndent));
    editor.commands.setContent('<p>plain</p>');
    expect(toolbarItem(listIndent, 'indent').isEnabled?.(editor)).toBe(false);
    expect(toolbarItem(listIndent, 'outdent').isEnabled?.(editor)).toBe(false);
    editor.commands.setContent(threeItems);
    caretIn(editor, 'one');
    // The first item has no previous item to nest under.
    expect(toolbarItem(listIndent, 'indent').isEnabled?.(editor)).toBe(false);
  });

  it('handles Ctrl+] / Ctrl+[ and keeps Tab inside a list', () => {
    ({ editor } = createTestEditor(listIndent));
    editor.commands.setContent(threeItems);
    caretIn(editor, 'three');
    expect(press(editor, ']', { ctrlKey: true })).toBe(true);
    expect(htmlOf(editor)).toContain('<li><p>two</p><ul><li><p>three</p></li></ul></li>');
    expect(press(editor, '[', { ctrlKey: true })).toBe(true);
    expect(htmlOf(editor)).toBe(threeItems);
    caretIn(editor, 'one');
    // Tab on the first item cannot nest it, but is still handled (no focus jump out of the editor).
    expect(press(editor, 'Tab')).toBe(true);
    expect(htmlOf(editor)).toBe(threeItems);
    editor.commands.setContent('<p>plain</p>');
    expect(press(editor, 'Tab')).toBe(false);
  });
});
