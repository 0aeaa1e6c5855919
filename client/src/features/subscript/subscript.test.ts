import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, htmlOf, toolbarItem, typeAndSelect } from '../../testing/test-editor';
import { withTextStyle } from '../text-style/test-support';
import { superscript } from '../superscript';
import { subscript } from './index';

describe('subscript and superscript capabilities', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());
  const sub = toolbarItem(subscript, 'subscript');
  const sup = toolbarItem(superscript, 'superscript');
  const create = () => createTestEditor(withTextStyle(subscript, superscript)).editor;

  it('have labels and the baseline shortcuts', () => {
    expect(subscript.i18n).toEqual({ label: 'Subscript' });
    expect(superscript.i18n).toEqual({ label: 'Superscript' });
    expect([sub.shortcut, sup.shortcut]).toEqual(['Mod-,', 'Mod-.']);
  });

  it('toggle <sub> and <sup> and report them active', () => {
    editor = create();
    typeAndSelect(editor, 'x2');
    sub.run(editor);
    expect(htmlOf(editor)).toBe('<p><sub>x2</sub></p>');
    expect([sub.isActive?.(editor), sup.isActive?.(editor)]).toEqual([true, false]);
    sub.run(editor);
    expect(htmlOf(editor)).toBe('<p>x2</p>');
    sup.run(editor);
    expect(htmlOf(editor)).toBe('<p><sup>x2</sup></p>');
    expect([sub.isActive?.(editor), sup.isActive?.(editor)]).toEqual([false, true]);
  });

  it('exclude each other', () => {
    editor = create();
    typeAndSelect(editor, 'n');
    sup.run(editor);
    // The other button stays enabled: it switches the text over.
    expect(sub.isEnabled?.(editor)).toBe(true);
    sub.run(editor);
    expect(htmlOf(editor)).toBe('<p><sub>n</sub></p>');
    expect(sup.isEnabled?.(editor)).toBe(true);
    sup.run(editor);
    expect(htmlOf(editor)).toBe('<p><sup>n</sup></p>');
    // Pasted HTML with both keeps only one.
    editor.commands.setContent('<p><sup><sub>m</sub></sup></p>');
    expect(htmlOf(editor)).toMatch(/^<p><(sub|sup)>m<\/\1><\/p>$/);
  });

  it('round-trip their HTML, including vertical-align spans', () => {
    editor = create();
    const html = '<p>H<sub>2</sub>O and E=mc<sup>2</sup></p>';
    editor.commands.setContent(html);
    expect(htmlOf(editor)).toBe(html);
    editor.commands.setContent('<p>a<span style="vertical-align: super">b</span></p>');
    expect(htmlOf(editor)).toBe('<p>a<sup>b</sup></p>');
  });

  it('toggle with the keyboard shortcuts', () => {
    editor = create();
    typeAndSelect(editor, 'k');
    editor.commands.keyboardShortcut('Mod-,');
    expect(htmlOf(editor)).toBe('<p><sub>k</sub></p>');
    editor.commands.keyboardShortcut('Mod-.');
    expect(htmlOf(editor)).toBe('<p><sup>k</sup></p>');
  });
});
