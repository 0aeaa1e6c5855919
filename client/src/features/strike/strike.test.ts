import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, toolbarItem, typeAndSelect } from '../../editor/test-editor';
import { strike } from './index';

describe('strike capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('toggles the mark on the selection and reports it active', () => {
    ({ editor } = createTestEditor(strike));
    const item = toolbarItem(strike, 'strike');
    typeAndSelect(editor, 'word');
    expect(item.isActive?.(editor)).toBe(false);
    item.run(editor);
    expect(editor.getHTML()).toBe('<p><s>word</s></p>');
    expect(item.isActive?.(editor)).toBe(true);
    item.run(editor);
    expect(editor.getHTML()).toBe('<p>word</p>');
  });

  it('round-trips its HTML', () => {
    ({ editor } = createTestEditor(strike));
    editor.commands.setContent('<p>a <s>b</s> c</p>');
    expect(editor.getHTML()).toBe('<p>a <s>b</s> c</p>');
  });

  it('has an English label and a shortcut', () => {
    expect(strike.i18n.label?.length).toBeGreaterThan(0);
    expect(toolbarItem(strike, 'strike').shortcut).toMatch(/^Mod-/);
  });
});
