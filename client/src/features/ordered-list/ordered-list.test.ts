import { afterEach, describe, expect, it } from 'vitest';
import type { AnyExtension, Editor } from '@tiptap/core';
import type { Capability } from '../../editor/core/capability';
import { createTestEditor, describeBlockCapability, htmlOf, typeAndSelect } from '../../testing/test-editor';
import { bulletList, currentListStyle, setListAttributes, setListStyle } from '../bullet-list';
import { orderedList } from './index';
import { parseListStart } from './list-start';

describeBlockCapability(orderedList, 'orderedList', '<ol><li><p>item</p></li></ol>');

const both: Capability = {
  ...orderedList,
  extensions: [...(bulletList.extensions as AnyExtension[]), ...(orderedList.extensions as AnyExtension[])],
};

describe('ordered list types and start number', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it.each(['lower-alpha', 'lower-greek', 'lower-roman', 'upper-alpha', 'upper-roman', 'decimal'])(
    'sets %s on a new list and keeps it through an HTML round trip',
    (type) => {
      ({ editor } = createTestEditor(orderedList));
      typeAndSelect(editor, 'item');
      setListStyle(editor, 'orderedList', type);
      expect(htmlOf(editor)).toBe(`<ol style="list-style-type: ${type};"><li><p>item</p></li></ol>`);
      // Re-import: Tiptap also derives the HTML `type` from the CSS; the list type stays the same.
      editor.commands.setContent(htmlOf(editor));
      expect(currentListStyle(editor.state, 'orderedList')).toBe(type);
      expect(htmlOf(editor)).toContain(`list-style-type: ${type};`);
      const again = htmlOf(editor);
      editor.commands.setContent(again);
      expect(htmlOf(editor)).toBe(again);
    },
  );

  it('Default clears an imported HTML type too', () => {
    ({ editor } = createTestEditor(orderedList));
    editor.commands.setContent('<ol type="i"><li><p>x</p></li></ol>');
    editor.commands.setTextSelection(3);
    expect(currentListStyle(editor.state, 'orderedList')).toBe('lower-roman');
    setListStyle(editor, 'orderedList', null);
    expect(htmlOf(editor)).toBe('<ol><li><p>x</p></li></ol>');
  });

  it('converts an unordered list when an ordered type is chosen', () => {
    ({ editor } = createTestEditor(both));
    editor.commands.setContent('<ul><li><p>item</p></li></ul>');
    editor.commands.setTextSelection(3);
    setListStyle(editor, 'orderedList', 'upper-roman');
    expect(htmlOf(editor)).toBe('<ol style="list-style-type: upper-roman;"><li><p>item</p></li></ol>');
  });

  it('sets the start number (0 included) and round-trips it', () => {
    ({ editor } = createTestEditor(orderedList));
    typeAndSelect(editor, 'item');
    setListAttributes(editor, 'orderedList', { start: 0 });
    expect(htmlOf(editor)).toBe('<ol start="0"><li><p>item</p></li></ol>');
    editor.commands.setContent('<ol start="7"><li><p>x</p></li></ol>');
    expect(htmlOf(editor)).toBe('<ol start="7"><li><p>x</p></li></ol>');
  });

  it('accepts only whole numbers from 0 as start', () => {
    expect(parseListStart('0')).toBe(0);
    expect(parseListStart(' 12 ')).toBe(12);
    for (const bad of ['', '-1', '1.5', 'x', '1e3', '9999999999']) expect(parseListStart(bad)).toBeNull();
  });
});
