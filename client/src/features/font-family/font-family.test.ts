import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { defaultEditorOptions } from '@shared/editor-options';
import { isControl } from '../../editor/core/capability';
import { createTestEditor, htmlOf, typeAndSelect } from '../../testing/test-editor';
import { uniformTextStyleValue } from '../text-style';
import { withTextStyle } from '../text-style/test-support';
import { firstFamily, matchFontFamily } from './font-family';
import { fontFamily } from './index';

describe('fontFamily capability', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('is a labelled dropdown in the text group', () => {
    expect(fontFamily.toolbar.map((i) => [i.id, i.group, isControl(i)])).toEqual([['fontFamily', 'text', true]]);
    expect(fontFamily.i18n).toEqual({ label: 'Font Family' });
  });

  it('matches a stack by its first family, ignoring quotes, case and the rest of the stack', () => {
    expect(firstFamily('"Times New Roman", Times, serif')).toBe('times new roman');
    expect(firstFamily("'Georgia'")).toBe('georgia');
    const fonts = defaultEditorOptions.fontFamilies;
    expect(matchFontFamily(fonts, 'georgia')?.label).toBe('Georgia');
    expect(matchFontFamily(fonts, "'Times New Roman', serif")?.label).toBe('Times New Roman');
    expect(matchFontFamily(fonts, 'Comic Sans MS, cursive')).toBeUndefined();
    expect(matchFontFamily(fonts, '')).toBeUndefined();
  });

  it('sets the font on the selection, reports it, and removes it again', () => {
    ({ editor } = createTestEditor(withTextStyle(fontFamily)));
    typeAndSelect(editor, 'word');
    expect(uniformTextStyleValue(editor.state, 'fontFamily')).toBeNull();
    editor.commands.setFontFamily('Georgia, serif');
    expect(htmlOf(editor)).toBe('<p><span style="font-family: Georgia, serif;">word</span></p>');
    expect(uniformTextStyleValue(editor.state, 'fontFamily')).toBe('Georgia, serif');
    editor.commands.setTextSelection(3);
    expect(uniformTextStyleValue(editor.state, 'fontFamily')).toBe('Georgia, serif');
    editor.commands.selectAll();
    editor.commands.unsetFontFamily();
    expect(htmlOf(editor)).toBe('<p>word</p>');
  });

  it('reports a mixed selection as undefined', () => {
    ({ editor } = createTestEditor(withTextStyle(fontFamily)));
    editor.commands.setContent('<p><span style="font-family: Georgia, serif">ab</span>cd</p>');
    editor.commands.setTextSelection({ from: 1, to: 5 });
    expect(uniformTextStyleValue(editor.state, 'fontFamily')).toBeUndefined();
    editor.commands.setTextSelection({ from: 1, to: 3 });
    expect(uniformTextStyleValue(editor.state, 'fontFamily')).toBe('Georgia, serif');
  });

  it('round-trips its HTML, quoted multi-word names included', () => {
    ({ editor } = createTestEditor(withTextStyle(fontFamily)));
    const html = '<p>a <span style="font-family: &quot;Times New Roman&quot;, Times, serif;">b</span> c</p>';
    editor.commands.setContent(html);
    expect(htmlOf(editor)).toBe(html);
    editor.commands.setTextSelection(4);
    const value = uniformTextStyleValue(editor.state, 'fontFamily') ?? '';
    expect(matchFontFamily(defaultEditorOptions.fontFamilies, value)?.label).toBe('Times New Roman');
  });
});
