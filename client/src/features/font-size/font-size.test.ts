import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { FontSizeLimits } from '@shared/limits';
import { defaultEditorOptions } from '@shared/editor-options';
import { isControl } from '../../editor/core/capability';
import { createTestEditor, htmlOf, typeAndSelect } from '../../testing/test-editor';
import { uniformTextStyleValue } from '../text-style';
import { withTextStyle } from '../text-style/test-support';
import { displayFontSize, parseCustomFontSize } from './font-size';
import { fontSize } from './index';

describe('fontSize capability', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('is a labelled dropdown in the text group with translated strings', () => {
    expect(fontSize.toolbar.map((i) => [i.id, i.group, isControl(i)])).toEqual([['fontSize', 'text', true]]);
    expect(fontSize.i18n).toMatchObject({ label: 'Font Size', default: 'Default' });
    expect(defaultEditorOptions.fontSizes).toHaveLength(14);
  });

  it('accepts only whole numbers within the limits as a custom size', () => {
    expect(parseCustomFontSize('24')).toBe(24);
    expect(parseCustomFontSize(' 13 ')).toBe(13);
    expect(parseCustomFontSize(String(FontSizeLimits.min))).toBe(FontSizeLimits.min);
    expect(parseCustomFontSize(String(FontSizeLimits.max))).toBe(FontSizeLimits.max);
    for (const bad of ['', '0', String(FontSizeLimits.max + 1), '12.5', '-3', '1e2', 'abc', '12px', '20;color:red'])
      expect(parseCustomFontSize(bad), bad).toBeNull();
  });

  it('shows the number of a size in the configured unit and other values as they are', () => {
    expect(displayFontSize('24px', 'px')).toBe('24');
    expect(displayFontSize('18pt', 'pt')).toBe('18');
    expect(displayFontSize('18pt', 'px')).toBe('18pt');
    expect(displayFontSize('1.5em', 'px')).toBe('1.5em');
  });

  it('sets a size on the selection, reports it, and "Default" removes it', () => {
    ({ editor } = createTestEditor(withTextStyle(fontSize)));
    typeAndSelect(editor, 'word');
    editor.commands.setFontSize('24px');
    expect(htmlOf(editor)).toBe('<p><span style="font-size: 24px;">word</span></p>');
    expect(uniformTextStyleValue(editor.state, 'fontSize')).toBe('24px');
    editor.commands.unsetFontSize();
    expect(htmlOf(editor)).toBe('<p>word</p>');
    expect(uniformTextStyleValue(editor.state, 'fontSize')).toBeNull();
  });

  it('keeps other textStyle attributes when the size is removed', () => {
    ({ editor } = createTestEditor(withTextStyle(fontSize)));
    editor.commands.setContent('<p><span style="font-size: 9pt">ab</span>cd</p>');
    editor.commands.selectAll();
    expect(uniformTextStyleValue(editor.state, 'fontSize')).toBeUndefined();
    editor.commands.setFontSize('18pt');
    expect(htmlOf(editor)).toBe('<p><span style="font-size: 18pt;">abcd</span></p>');
  });

  it('round-trips its HTML', () => {
    ({ editor } = createTestEditor(withTextStyle(fontSize)));
    const html = '<p>a <span style="font-size: 72px;">b</span> c</p>';
    editor.commands.setContent(html);
    expect(htmlOf(editor)).toBe(html);
  });
});
