import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { defaultEditorOptions } from '@shared/editor-options';
import { isControl } from '../../editor/core/capability';
import { createTestEditor, htmlOf, typeAndSelect } from '../../testing/test-editor';
import { colors } from '../colors';
import { fontFamily } from '../font-family';
import { fontSize } from '../font-size';
import { withTextStyle } from '../text-style/test-support';
import { isSafeValue, parseDeclarations } from '@shared/document/model/css-declarations';
import { toReactStyle } from './react-style';
import { inlineStyle } from './index';

const bigRed = defaultEditorOptions.inlineStyles.find((s) => s.label === 'Big Red')?.value ?? '';

describe('inlineStyle capability', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());
  const full = () => createTestEditor(withTextStyle(inlineStyle, fontSize, fontFamily, colors)).editor;

  it('is a labelled dropdown in the text group', () => {
    expect(inlineStyle.toolbar.map((i) => [i.id, i.group, isControl(i)])).toEqual([['inlineStyle', 'text', true]]);
    expect(inlineStyle.i18n).toMatchObject({ label: 'Inline Style', values: { BigRed: 'Big Red' } });
  });

  it('keeps only allowed properties with safe values', () => {
    expect(parseDeclarations('font-size: 20px; color: red;')).toEqual([
      ['font-size', '20px'],
      ['color', 'red'],
    ]);
    expect(parseDeclarations('letter-spacing: 2px !important; position: fixed; COLOR: blue')).toEqual([
      ['letter-spacing', '2px'],
      ['color', 'blue'],
    ]);
    expect(parseDeclarations('background-color: url(http://x/y.png); color: expression(alert(1))')).toEqual([]);
    expect(parseDeclarations('color: red} body{display:none')).toEqual([]);
    expect(parseDeclarations('text-shadow: 1px 1px 2px #000', false)).toEqual([['text-shadow', '1px 1px 2px #000']]);
    expect(parseDeclarations('color: red', false)).toEqual([]);
    expect(isSafeValue('"Times New Roman", serif')).toBe(true);
    expect(isSafeValue('red\\3b x')).toBe(false);
    expect(isSafeValue('javascript(1)')).toBe(false);
  });

  it('previews an entry in its own style', () => {
    expect(toReactStyle(bigRed)).toEqual({ fontSize: '20px', color: 'red' });
    expect(toReactStyle('letter-spacing: 1px; background: url(x)')).toEqual({ letterSpacing: '1px' });
  });

  it('applies "Big Red" through the font size and colour attributes', () => {
    editor = full();
    typeAndSelect(editor, 'word');
    expect(editor.commands.applyInlineStyle(bigRed)).toBe(true);
    expect(editor.getAttributes('textStyle')).toMatchObject({ fontSize: '20px', color: 'red', inlineStyle: null });
    expect(htmlOf(editor)).toBe('<p><span style="font-size: 20px; color: red;">word</span></p>');
  });

  it('applies other safe properties in its own attribute, merging with earlier ones', () => {
    editor = full();
    typeAndSelect(editor, 'word');
    editor.commands.applyInlineStyle('letter-spacing: 2px; text-transform: uppercase; font-family: Georgia, serif');
    editor.commands.applyInlineStyle('letter-spacing: 4px');
    expect(editor.getAttributes('textStyle')).toMatchObject({
      fontFamily: 'Georgia, serif',
      inlineStyle: 'letter-spacing: 4px; text-transform: uppercase',
    });
    const html = htmlOf(editor);
    expect(html).toBe(
      '<p><span style="font-family: Georgia, serif; letter-spacing: 4px; text-transform: uppercase;">word</span></p>',
    );
    editor.commands.setContent(html);
    expect(htmlOf(editor)).toBe(html);
  });

  it('keeps a mapped property in its own attribute when that capability is absent', () => {
    editor = createTestEditor(withTextStyle(inlineStyle)).editor;
    typeAndSelect(editor, 'word');
    editor.commands.applyInlineStyle(bigRed);
    expect(htmlOf(editor)).toBe('<p><span style="font-size: 20px; color: red;">word</span></p>');
  });

  it('refuses a declaration list with nothing allowed in it', () => {
    editor = full();
    typeAndSelect(editor, 'word');
    expect(editor.commands.applyInlineStyle('position: fixed; background: url(x)')).toBe(false);
    expect(htmlOf(editor)).toBe('<p>word</p>');
  });

  it('sanitises parsed and peer-sent values', () => {
    editor = full();
    editor.commands.setContent(
      '<p><span style="letter-spacing: 1px; behavior: url(x.htc); word-spacing: expression(1)">a</span></p>',
    );
    expect(htmlOf(editor)).toBe('<p><span style="letter-spacing: 1px;">a</span></p>');
    typeAndSelect(editor, 'b');
    // A peer-sent value the model refuses renders as the default (no style), not a partly cleaned copy.
    editor.commands.setMark('textStyle', { inlineStyle: 'opacity: 0.5; x: y; padding: 1px;}</style><script>' });
    expect(htmlOf(editor)).toBe('<p><span>b</span></p>');
    editor.commands.setMark('textStyle', { inlineStyle: 'opacity: 0.5; padding: 1px' });
    expect(htmlOf(editor)).toBe('<p><span style="opacity: 0.5; padding: 1px;">b</span></p>');
  });
});
