import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, htmlOf, toolbarItem, typeAndSelect } from '../../editor/test-editor';
import { orderedList } from './index';

describe('orderedList capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('wraps the paragraph, reports it active, and unwraps it again', () => {
    ({ editor } = createTestEditor(orderedList));
    const item = toolbarItem(orderedList, 'orderedList');
    typeAndSelect(editor, 'item');
    item.run(editor);
    expect(htmlOf(editor)).toBe('<ol><li><p>item</p></li></ol>');
    expect(item.isActive?.(editor)).toBe(true);
    item.run(editor);
    expect(htmlOf(editor)).toBe('<p>item</p>');
  });

  it('round-trips its HTML', () => {
    ({ editor } = createTestEditor(orderedList));
    editor.commands.setContent('<ol><li><p>item</p></li></ol>');
    expect(htmlOf(editor)).toBe('<ol><li><p>item</p></li></ol>');
  });
});
