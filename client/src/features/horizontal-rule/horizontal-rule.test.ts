import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, toolbarItem } from '../../testing/test-editor';
import { horizontalRule } from './index';

describe('horizontalRule capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('inserts a horizontal line and round-trips it', () => {
    ({ editor } = createTestEditor(horizontalRule));
    editor.commands.setContent('<p>above</p>');
    editor.commands.focus('end');
    toolbarItem(horizontalRule, 'horizontalRule').run(editor);
    expect(editor.getHTML()).toContain('<hr>');
    editor.commands.setContent('<p>a</p><hr><p>b</p>');
    expect(editor.getHTML()).toBe('<p>a</p><hr><p>b</p>');
  });
});
