import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, toolbarItem } from '../../testing/test-editor';
import { selectAll } from './index';

describe('selectAll capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('selects the whole document, across blocks', () => {
    ({ editor } = createTestEditor(selectAll));
    editor.commands.setContent('<h1>Title</h1><p>one</p><ul><li><p>two</p></li></ul>');
    editor.commands.setTextSelection(3);
    const item = toolbarItem(selectAll, 'selectAll');
    expect(item.shortcut).toBe('Mod-A');
    item.run(editor);
    const { from, to } = editor.state.selection;
    expect(from).toBe(0);
    expect(to).toBe(editor.state.doc.content.size);
    // Typing replaces everything, which proves the selection really spans the document.
    editor.commands.insertContent('new');
    expect(editor.getText()).toBe('new');
  });
});
