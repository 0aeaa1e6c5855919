import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, htmlOf, toolbarItem, typeAndSelect } from '../../editor/test-editor';
import { codeBlock } from './index';

describe('codeBlock capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('wraps the paragraph, reports it active, and unwraps it again', () => {
    ({ editor } = createTestEditor(codeBlock));
    const item = toolbarItem(codeBlock, 'codeBlock');
    typeAndSelect(editor, 'item');
    item.run(editor);
    expect(htmlOf(editor)).toBe('<pre><code>item</code></pre>');
    expect(item.isActive?.(editor)).toBe(true);
    item.run(editor);
    expect(htmlOf(editor)).toBe('<p>item</p>');
  });

  it('round-trips its HTML', () => {
    ({ editor } = createTestEditor(codeBlock));
    editor.commands.setContent('<pre><code>item</code></pre>');
    expect(htmlOf(editor)).toBe('<pre><code>item</code></pre>');
  });
});
