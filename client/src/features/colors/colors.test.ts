import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { ColorLimits } from '@shared/limits';
import { defaultEditorOptions } from '@shared/editor-options';
import { extensionsOf, isControl, type Capability } from '../../editor/core/capability';
import { createTestEditor, htmlOf, typeAndSelect } from '../../testing/test-editor';
import { textStyle } from '../text-style';
import { normalizeCssColor, parseHexInput } from '@shared/document/model/color-value';
import { applyColor, colorAt, removeColor } from './colors.extension';
import { nextCellIndex } from '../../editor/ui/grid-navigation';
import { pushRecentColor, readRecentColors, RECENT_COLORS_MAX } from '../../editor/ui/recent-colors';
import { colors } from './index';
import { colorPickerStrings } from '../../editor/ui/color-picker.strings';

// The shared textStyle mark comes from its own capability, as in the real editor.
const withTextStyle: Capability = {
  ...colors,
  extensions: (context) => [...extensionsOf(textStyle, context), ...extensionsOf(colors, context)],
};

describe('colors capability', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('offers two labelled controls in the text group', () => {
    expect(colors.toolbar.map((i) => [i.id, i.group, isControl(i)])).toEqual([
      ['textColor', 'text', true],
      ['backgroundColor', 'text', true],
    ]);
    expect(colors.i18n).toMatchObject({ textColor: 'Text Color', backgroundColor: 'Background Color' });
  });

  it('applies a text colour and a background colour to the selection and reports them', () => {
    ({ editor } = createTestEditor(withTextStyle));
    typeAndSelect(editor, 'word');
    applyColor(editor, 'text', '#E25041');
    applyColor(editor, 'background', '#FF000080');
    expect(htmlOf(editor)).toBe('<p><span style="color: #E25041; background-color: #FF000080;">word</span></p>');
    expect(colorAt(editor, 'text')).toBe('#E25041');
    expect(colorAt(editor, 'background')).toBe('#FF000080');
  });

  it('applies both colours as one undo step each', () => {
    const { editor: e, doc } = createTestEditor(withTextStyle);
    editor = e;
    typeAndSelect(editor, 'word');
    let updates = 0;
    doc.on('update', () => updates++);
    applyColor(editor, 'text', '#2C82C9');
    expect(updates).toBe(1);
  });

  it('removes a colour without leaving an empty span, keeping the other colour', () => {
    ({ editor } = createTestEditor(withTextStyle));
    typeAndSelect(editor, 'word');
    applyColor(editor, 'text', '#E25041');
    applyColor(editor, 'background', '#61BD6D');
    removeColor(editor, 'text');
    expect(htmlOf(editor)).toBe('<p><span style="background-color: #61BD6D;">word</span></p>');
    removeColor(editor, 'background');
    expect(htmlOf(editor)).toBe('<p>word</p>');
    expect(colorAt(editor, 'text')).toBeNull();
  });

  it('removes the colour for the next typed text at a collapsed caret, without an empty span', () => {
    ({ editor } = createTestEditor(withTextStyle));
    editor.commands.setContent('<p><span style="color: #E25041;">red</span></p>');
    editor.commands.setTextSelection(4);
    expect(colorAt(editor, 'text')).toBe('#E25041');
    removeColor(editor, 'text');
    editor.commands.insertContent('x');
    expect(htmlOf(editor)).toBe('<p><span style="color: #E25041;">red</span>x</p>');
  });

  it('round-trips its HTML, also the baseline’s rgb() output and nested spans', () => {
    ({ editor } = createTestEditor(withTextStyle));
    const html = '<p>a <span style="color: #E25041;">b</span> <span style="background-color: #FAC51C80;">c</span></p>';
    editor.commands.setContent(html);
    expect(htmlOf(editor)).toBe(html);
    editor.commands.setContent(
      '<p><span style="color: rgb(226, 80, 65);">x</span><span style="background-color: rgba(255, 0, 0, 0.5);">y</span></p>',
    );
    expect(htmlOf(editor)).toBe(
      '<p><span style="color: #E25041;">x</span><span style="background-color: #FF000080;">y</span></p>',
    );
  });

  it('drops unsafe or unknown colour values on import and on render', () => {
    ({ editor } = createTestEditor(withTextStyle));
    editor.commands.setContent('<p><span style="color: url(https://evil.example/x);">a</span></p>');
    expect(htmlOf(editor)).not.toContain('url(');
    expect(colorAt(editor, 'text')).toBeNull();
    editor.commands.setContent('<p>b</p>');
    editor.commands.selectAll();
    // A value that bypassed parsing (a peer's document) is still not written into the style attribute.
    editor.commands.setMark('textStyle', { color: 'red; background-image: url(x)' });
    expect(htmlOf(editor)).not.toContain('url(');
  });
});

describe('hex input validation', () => {
  it.each(['#FF0000', '#ff0000', '#FF000080', '  #E25041 '])('accepts %j', (input) => {
    expect(parseHexInput(input)).toBe(input.trim().toUpperCase());
  });

  it.each([
    ['#F00', '#FF0000'],
    ['#f008', '#FF000088'],
    ['FF0000', '#FF0000'],
    ['abc', '#AABBCC'],
    [' #e25041 ', '#E25041'],
  ])('accepts and expands %j to %s, as the baseline does', (input, expected) => {
    expect(parseHexInput(input)).toBe(expected);
  });

  it.each([
    ['#FF', 'two digits'],
    ['#FF000', 'five digits'],
    ['red', 'colour name'],
    ['javascript:alert(1)', 'script URL'],
    ['#FF00008000', '10 characters'],
    ['#FF00GG', 'non-hex digit'],
    ['#FF00000', '7 digits'],
    ['', 'empty'],
  ])('refuses %j (%s)', (input) => {
    expect(parseHexInput(input)).toBeNull();
  });

  it('fits the hex field length', () => {
    expect('#FF000080'.length).toBe(ColorLimits.hexInputMaxChars);
  });

  it('says in the message which digit counts are accepted, short forms included', () => {
    expect(colorPickerStrings.invalidHex).toMatch(/3, 4, 6 or 8/);
    expect(colorPickerStrings.invalidHex).toContain('#F00');
  });

  it('normalises imported CSS colours', () => {
    expect(normalizeCssColor('#f00')).toBe('#FF0000');
    expect(normalizeCssColor('rgb(226, 80, 65)')).toBe('#E25041');
    expect(normalizeCssColor('rgba(255, 0, 0, 0.5)')).toBe('#FF000080');
    expect(normalizeCssColor('rgb(0 128 255 / 100%)')).toBe('#0080FF');
    expect(normalizeCssColor('Red')).toBe('red');
    expect(normalizeCssColor('expression(alert(1))')).toBeNull();
    expect(normalizeCssColor('')).toBeNull();
  });
});

describe('recently used colours', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the last 7 per kind, most recent first, without duplicates', () => {
    expect(RECENT_COLORS_MAX).toBe(ColorLimits.presetsPerRow);
    for (const c of defaultEditorOptions.colors.slice(0, 9)) pushRecentColor('text', c);
    pushRecentColor('text', '#ff000080');
    pushRecentColor('text', defaultEditorOptions.colors[8] ?? '');
    const recent = readRecentColors('text');
    expect(recent).toHaveLength(7);
    expect(recent.slice(0, 2)).toEqual([defaultEditorOptions.colors[8], '#FF000080']);
    expect(new Set(recent).size).toBe(7);
    expect(readRecentColors('background')).toEqual([]);
  });

  it('ignores invalid or tampered stored data', () => {
    localStorage.setItem('tandem.colors.recent.text', 'not json');
    expect(readRecentColors('text')).toEqual([]);
    localStorage.setItem('tandem.colors.recent.text', JSON.stringify(['#E25041', 'url(x)', 3, '#E25041']));
    expect(readRecentColors('text')).toEqual(['#E25041']);
    pushRecentColor('text', 'javascript:alert(1)');
    expect(readRecentColors('text')).toEqual(['#E25041']);
  });
});

describe('swatch grid navigation (7 per row, 28 cells)', () => {
  it.each([
    ['ArrowRight', 0, 1],
    ['ArrowRight', 27, 0],
    ['ArrowLeft', 0, 27],
    ['ArrowDown', 3, 10],
    ['ArrowDown', 24, 3],
    ['ArrowUp', 3, 24],
    ['ArrowUp', 10, 3],
    ['Home', 10, 7],
    ['End', 8, 13],
  ])('%s from %i goes to %i', (key, from, to) => {
    expect(nextCellIndex(key, from, 28)).toBe(to);
  });

  it('wraps into a shorter last row', () => {
    expect(nextCellIndex('ArrowUp', 6, 10)).toBe(6);
    expect(nextCellIndex('ArrowUp', 1, 10)).toBe(8);
    expect(nextCellIndex('Tab', 1, 10)).toBeNull();
  });
});
