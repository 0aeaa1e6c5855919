import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { extensionsOf, type Capability } from '../../editor/core/capability';
import { createTestEditor, htmlOf, typeAndSelect } from '../../testing/test-editor';
import { lineHeight } from '../line-height';
import { paragraphStyle } from '../paragraph-style';
import { textAlign } from '../text-align';
import { currentFormat, formats } from './paragraph-format.extension';
import { paragraphFormat } from './index';

/** Paragraph format together with the block attributes it must keep. */
const withBlockAttributes: Capability = {
  ...paragraphFormat,
  extensions: (context) =>
    [paragraphFormat, textAlign, lineHeight, paragraphStyle].flatMap((c) => extensionsOf(c, context)),
};

describe('paragraphFormat capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it.each([1, 2, 3, 4] as const)('turns a paragraph into heading %i and back to Normal', (level) => {
    ({ editor } = createTestEditor(paragraphFormat));
    typeAndSelect(editor, 'Title');
    editor.commands.setParagraphFormat(`h${level}`);
    expect(htmlOf(editor)).toBe(`<h${level}>Title</h${level}>`);
    expect(currentFormat(editor.state)).toBe(`h${level}`);
    editor.commands.setParagraphFormat('paragraph');
    expect(htmlOf(editor)).toBe('<p>Title</p>');
    expect(currentFormat(editor.state)).toBe('paragraph');
  });

  it('turns two adjacent lines into one code block', () => {
    ({ editor } = createTestEditor(paragraphFormat));
    editor.commands.setContent('<p>first</p><p>second</p><p>after</p>');
    editor.commands.setTextSelection({ from: 2, to: 10 });
    editor.commands.setParagraphFormat('code');
    expect(htmlOf(editor)).toBe('<pre><code>first\nsecond</code></pre><p>after</p>');
    expect(currentFormat(editor.state)).toBe('code');
  });

  it('turns a single paragraph into code and back', () => {
    ({ editor } = createTestEditor(paragraphFormat));
    typeAndSelect(editor, 'x = 1');
    editor.commands.setParagraphFormat('code');
    expect(htmlOf(editor)).toBe('<pre><code>x = 1</code></pre>');
    editor.commands.setParagraphFormat('paragraph');
    expect(htmlOf(editor)).toBe('<p>x = 1</p>');
  });

  it('keeps alignment, line height and style of every converted block', () => {
    ({ editor } = createTestEditor(withBlockAttributes));
    editor.commands.setContent(
      '<p style="text-align: center; line-height: 2" class="fr-text-gray">a</p><p style="text-align: right">b</p>',
    );
    editor.commands.selectAll();
    editor.commands.setParagraphFormat('h2');
    expect(htmlOf(editor)).toBe(
      '<h2 class="fr-text-gray" style="line-height: 2; text-align: center;">a</h2><h2 style="text-align: right;">b</h2>',
    );
    editor.commands.setParagraphFormat('paragraph');
    expect(htmlOf(editor)).toBe(
      '<p class="fr-text-gray" style="line-height: 2; text-align: center;">a</p><p style="text-align: right;">b</p>',
    );
  });

  it('leaves a block already in the chosen format alone', () => {
    ({ editor } = createTestEditor(paragraphFormat));
    editor.commands.setContent('<ul><li><p>item</p></li></ul>');
    editor.commands.setTextSelection(4);
    expect(editor.commands.setParagraphFormat('paragraph')).toBe(true);
    expect(htmlOf(editor)).toBe('<ul><li><p>item</p></li></ul>');
  });

  it('offers Normal, Heading 1–4 and Code with the Mod-Alt shortcuts', () => {
    expect(formats.map((f) => (paragraphFormat.i18n as Record<string, string>)[f])).toEqual([
      'Normal',
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Heading 4',
      'Code',
    ]);
    expect(paragraphFormat.shortcuts?.map((s) => s.keys)).toEqual([0, 1, 2, 3, 4].map((n) => `Mod-Alt-${n}`));
  });
});
