import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { coreExtensions } from './create-editor';

describe('LazyCursors', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  const keyDown = (target: Editor, key: string): void => {
    target.view.dom.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  };

  it('adds the drop and gap cursors on the first arrow key, once, keeping the document', async () => {
    editor = new Editor({ extensions: coreExtensions(new Y.Doc()) });
    editor.commands.setContent('<p>one</p><p>two</p>');
    const before = editor.state.plugins.length;
    expect(editor.storage.lazyCursors.registered).toBe(false);
    keyDown(editor, 'ArrowDown');
    keyDown(editor, 'ArrowUp');
    await vi.waitFor(() => expect(editor?.storage.lazyCursors.registered).toBe(true));
    expect(editor.state.plugins.length).toBe(before + 2);
    expect(editor.getText()).toContain('two');
  });

  it('does not fetch them for a letter typed', () => {
    editor = new Editor({ extensions: coreExtensions(new Y.Doc()) });
    keyDown(editor, 'a');
    expect(editor.storage.lazyCursors.requested).toBe(false);
  });
});
