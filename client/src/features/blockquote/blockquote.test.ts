import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, htmlOf, toolbarItem, typeAndSelect } from '../../editor/test-editor';
import { blockquote } from './index';

describe('blockquote capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('wraps the paragraph, reports it active, and unwraps it again', () => {
    ({ editor } = createTestEditor(blockquote));
    const item = toolbarItem(blockquote, 'blockquote');
    typeAndSelect(editor, 'item');
    item.run(editor);
    expect(htmlOf(editor)).toBe('<blockquote><p>item</p></blockquote>');
    expect(item.isActive?.(editor)).toBe(true);
    item.run(editor);
    expect(htmlOf(editor)).toBe('<p>item</p>');
  });

  it('round-trips its HTML', () => {
    ({ editor } = createTestEditor(blockquote));
    editor.commands.setContent('<blockquote><p>item</p></blockquote>');
    expect(htmlOf(editor)).toBe('<blockquote><p>item</p></blockquote>');
  });
});
