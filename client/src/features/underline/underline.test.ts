import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, toolbarItem, typeAndSelect } from '../../editor/test-editor';
import { underline } from './index';

describe('underline capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('toggles the mark on the selection and reports it active', () => {
    ({ editor } = createTestEditor(underline));
    const item = toolbarItem(underline, 'underline');
    typeAndSelect(editor, 'word');
    expect(item.isActive?.(editor)).toBe(false);
    item.run(editor);
    expect(editor.getHTML()).toBe('<p><u>word</u></p>');
    expect(item.isActive?.(editor)).toBe(true);
    item.run(editor);
    expect(editor.getHTML()).toBe('<p>word</p>');
  });

  it('round-trips its HTML', () => {
    ({ editor } = createTestEditor(underline));
    editor.commands.setContent('<p>a <u>b</u> c</p>');
    expect(editor.getHTML()).toBe('<p>a <u>b</u> c</p>');
  });

  it('has an English label and a shortcut', () => {
    expect(underline.i18n.label?.length).toBeGreaterThan(0);
    expect(toolbarItem(underline, 'underline').shortcut).toMatch(/^Mod-/);
  });
});
