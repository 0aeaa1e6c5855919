import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, htmlOf, toolbarItem, typeAndSelect } from '../../editor/test-editor';
import { bulletList } from './index';

describe('bulletList capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('wraps the paragraph, reports it active, and unwraps it again', () => {
    ({ editor } = createTestEditor(bulletList));
    const item = toolbarItem(bulletList, 'bulletList');
    typeAndSelect(editor, 'item');
    item.run(editor);
    expect(htmlOf(editor)).toBe('<ul><li><p>item</p></li></ul>');
    expect(item.isActive?.(editor)).toBe(true);
    item.run(editor);
    expect(htmlOf(editor)).toBe('<p>item</p>');
  });

  it('round-trips its HTML', () => {
    ({ editor } = createTestEditor(bulletList));
    editor.commands.setContent('<ul><li><p>item</p></li></ul>');
    expect(htmlOf(editor)).toBe('<ul><li><p>item</p></li></ul>');
  });
});
