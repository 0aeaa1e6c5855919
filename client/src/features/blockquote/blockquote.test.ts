import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, htmlOf } from '../../testing/test-editor';
import { blockquote } from './index';

function press(editor: Editor, key: string, init: KeyboardEventInit = {}): boolean {
  const event = new KeyboardEvent('keydown', { key, keyCode: 222, ...init });
  return editor.view.someProp('handleKeyDown', (f) => f(editor.view, event)) ?? false;
}

function selectAllText(editor: Editor): void {
  editor.commands.setTextSelection({ from: 1, to: editor.state.doc.content.size - 1 });
}

describe('blockquote capability (Quote Increase / Decrease)', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('wraps two paragraphs in one quote, nests on the second Increase, lifts one level on Decrease', () => {
    ({ editor } = createTestEditor(blockquote));
    editor.commands.setContent('<p>a</p><p>b</p>');
    selectAllText(editor);
    expect(editor.commands.increaseQuote()).toBe(true);
    expect(htmlOf(editor)).toBe('<blockquote><p>a</p><p>b</p></blockquote>');
    expect(editor.commands.increaseQuote()).toBe(true);
    expect(htmlOf(editor)).toBe('<blockquote><blockquote><p>a</p><p>b</p></blockquote></blockquote>');
    expect(editor.commands.decreaseQuote()).toBe(true);
    expect(htmlOf(editor)).toBe('<blockquote><p>a</p><p>b</p></blockquote>');
    expect(editor.commands.decreaseQuote()).toBe(true);
    expect(htmlOf(editor)).toBe('<p>a</p><p>b</p>');
    expect(editor.can().decreaseQuote()).toBe(false);
  });

  it('Decrease unwraps the nearest quote around each selected block, also with everything selected', () => {
    ({ editor } = createTestEditor(blockquote));
    editor.commands.setContent(
      '<blockquote><p>a</p></blockquote><p>b</p><blockquote><blockquote><p>c</p></blockquote></blockquote>',
    );
    editor.commands.selectAll();
    expect(editor.commands.decreaseQuote()).toBe(true);
    expect(htmlOf(editor)).toBe('<p>a</p><p>b</p><blockquote><p>c</p></blockquote>');
  });

  it('quotes a whole list when the caret is in a list item', () => {
    ({ editor } = createTestEditor(blockquote));
    editor.commands.setContent('<ul><li><p>item</p></li></ul>');
    editor.commands.setTextSelection(4);
    editor.commands.increaseQuote();
    expect(htmlOf(editor)).toBe('<blockquote><ul><li><p>item</p></li></ul></blockquote>');
  });

  it("handles Ctrl+' and Ctrl+Shift+'", () => {
    ({ editor } = createTestEditor(blockquote));
    editor.commands.setContent('<p>a</p>');
    editor.commands.setTextSelection(2);
    expect(press(editor, "'", { ctrlKey: true })).toBe(true);
    expect(htmlOf(editor)).toBe('<blockquote><p>a</p></blockquote>');
    expect(press(editor, '"', { ctrlKey: true, shiftKey: true })).toBe(true);
    expect(htmlOf(editor)).toBe('<p>a</p>');
  });

  it('round-trips nested quotes and has a quick-insert item', () => {
    ({ editor } = createTestEditor(blockquote));
    const html = '<blockquote><p>a</p><blockquote><p>b</p></blockquote></blockquote>';
    editor.commands.setContent(html);
    expect(htmlOf(editor)).toBe(html);
    editor.commands.setContent('<p>q</p>');
    editor.commands.setTextSelection(2);
    blockquote.insertItems?.[0]?.run(editor);
    expect(htmlOf(editor)).toBe('<blockquote><p>q</p></blockquote>');
  });
});
