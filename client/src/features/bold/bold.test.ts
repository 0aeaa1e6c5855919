import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, toolbarItem, typeAndSelect } from '../../editor/test-editor';
import { bold } from './index';

describe('bold capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('toggles the mark on the selection and reports it active', () => {
    ({ editor } = createTestEditor(bold));
    const item = toolbarItem(bold, 'bold');
    typeAndSelect(editor, 'word');
    expect(item.isActive?.(editor)).toBe(false);
    item.run(editor);
    expect(editor.getHTML()).toBe('<p><strong>word</strong></p>');
    expect(item.isActive?.(editor)).toBe(true);
    item.run(editor);
    expect(editor.getHTML()).toBe('<p>word</p>');
  });

  it('round-trips its HTML', () => {
    ({ editor } = createTestEditor(bold));
    editor.commands.setContent('<p>a <strong>b</strong> c</p>');
    expect(editor.getHTML()).toBe('<p>a <strong>b</strong> c</p>');
  });

  it('has an English label and a shortcut', () => {
    expect(bold.i18n.label?.length).toBeGreaterThan(0);
    expect(toolbarItem(bold, 'bold').shortcut).toMatch(/^Mod-/);
  });
});
