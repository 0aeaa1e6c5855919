import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, htmlOf } from '../../testing/test-editor';
import { currentLineHeight } from './line-height.extension';
import { lineHeight } from './index';

describe('lineHeight capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('sets the line height of every selected block and reports the current one', () => {
    ({ editor } = createTestEditor(lineHeight));
    editor.commands.setContent('<p>one</p><h3>two</h3><p>three</p>');
    editor.commands.setTextSelection({ from: 2, to: 8 });
    editor.commands.setBlockLineHeight('2');
    expect(htmlOf(editor)).toBe('<p style="line-height: 2;">one</p><h3 style="line-height: 2;">two</h3><p>three</p>');
    expect(currentLineHeight(editor.state)).toBe('2');
  });

  it('Default removes the style attribute', () => {
    ({ editor } = createTestEditor(lineHeight));
    editor.commands.setContent('<p style="line-height: 1.5">text</p>');
    editor.commands.setTextSelection(2);
    expect(currentLineHeight(editor.state)).toBe('1.5');
    editor.commands.setBlockLineHeight('');
    expect(htmlOf(editor)).toBe('<p>text</p>');
    expect(currentLineHeight(editor.state)).toBe('');
  });

  it('round-trips valid line heights and drops anything else', () => {
    ({ editor } = createTestEditor(lineHeight));
    editor.commands.setContent(
      '<p style="line-height: 1.15">a</p><h1 style="line-height: 24px">b</h1><p style="line-height: calc(1px + url(x))">c</p>',
    );
    expect(htmlOf(editor)).toBe('<p style="line-height: 1.15;">a</p><h1 style="line-height: 24px;">b</h1><p>c</p>');
  });

  it('refuses a value that is not a line height', () => {
    ({ editor } = createTestEditor(lineHeight));
    editor.commands.setContent('<p>a</p>');
    expect(editor.commands.setBlockLineHeight('1; color: red')).toBe(false);
    expect(htmlOf(editor)).toBe('<p>a</p>');
  });

  it('is a Line Height control', () => {
    expect(lineHeight.toolbar[0]).toMatchObject({ kind: 'control', labelKey: 'lineHeight.label' });
    expect(lineHeight.i18n.label).toBe('Line Height');
  });
});
