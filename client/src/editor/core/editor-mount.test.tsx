import { act, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { EditorMount } from './editor-mount';
import { createTestEditor } from '../../testing/test-editor';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

describe('EditorMount', () => {
  let editor: Editor | undefined;
  beforeAll(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => editor?.destroy());

  it('moves the drawn document into the page as it is (no redraw)', async () => {
    editor = createTestEditor().editor;
    editor.commands.setContent('<p>already drawn</p>');
    const paragraph = editor.view.dom.querySelector('p');
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    // StrictMode: development mounts, unmounts and mounts again; the editor must end up in the page.
    await act(async () => root.render(<StrictMode>{editor && <EditorMount editor={editor} />}</StrictMode>));
    expect(container.querySelector('p')).toBe(paragraph);
    expect(container.contains(editor.view.dom)).toBe(true);
    await act(async () => root.unmount());
    expect(container.contains(editor.view.dom)).toBe(false);
    container.remove();
  });
});
