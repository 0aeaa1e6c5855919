import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, toolbarItem, typeAndSelect } from '../../editor/test-editor';
import { italic } from './index';

describe('italic capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('toggles the mark on the selection and reports it active', () => {
    ({ editor } = createTestEditor(italic));
    const item = toolbarItem(italic, 'italic');
    typeAndSelect(editor, 'word');
    expect(item.isActive?.(editor)).toBe(false);
    item.run(editor);
    expect(editor.getHTML()).toBe('<p><em>word</em></p>');
    expect(item.isActive?.(editor)).toBe(true);
    item.run(editor);
    expect(editor.getHTML()).toBe('<p>word</p>');
  });

  it('round-trips its HTML', () => {
    ({ editor } = createTestEditor(italic));
    editor.commands.setContent('<p>a <em>b</em> c</p>');
    expect(editor.getHTML()).toBe('<p>a <em>b</em> c</p>');
  });

  it('has an English label and a shortcut', () => {
    expect(italic.i18n.label?.length).toBeGreaterThan(0);
    expect(toolbarItem(italic, 'italic').shortcut).toMatch(/^Mod-/);
  });
});
