import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, toolbarItem, typeAndSelect } from '../../editor/test-editor';
import { code } from './index';

describe('code capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('toggles the mark on the selection and reports it active', () => {
    ({ editor } = createTestEditor(code));
    const item = toolbarItem(code, 'code');
    typeAndSelect(editor, 'word');
    expect(item.isActive?.(editor)).toBe(false);
    item.run(editor);
    expect(editor.getHTML()).toBe('<p><code>word</code></p>');
    expect(item.isActive?.(editor)).toBe(true);
    item.run(editor);
    expect(editor.getHTML()).toBe('<p>word</p>');
  });

  it('round-trips its HTML', () => {
    ({ editor } = createTestEditor(code));
    editor.commands.setContent('<p>a <code>b</code> c</p>');
    expect(editor.getHTML()).toBe('<p>a <code>b</code> c</p>');
  });

  it('has an English label and a shortcut', () => {
    expect(code.i18n.label?.length).toBeGreaterThan(0);
    expect(toolbarItem(code, 'code').shortcut).toMatch(/^Mod-/);
  });
});
