import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, htmlOf, toolbarItem } from '../../testing/test-editor';
import { colors } from '../colors';
import { fontFamily } from '../font-family';
import { fontSize } from '../font-size';
import { inlineClass } from '../inline-class';
import { inlineStyle } from '../inline-style';
import { subscript } from '../subscript';
import { superscript } from '../superscript';
import { withTextStyle } from '../text-style/test-support';
import { clearFormatting } from './index';

const formatted =
  '<p>a<strong><em><s><u>b</u></s></em></strong><code>c</code><sub>d</sub>' +
  '<span style="font-family: Georgia, serif; font-size: 24px; color: #E25041; background-color: #61BD6D; letter-spacing: 2px;" class="fr-class-code">e</span>f</p>';

describe('clearFormatting capability', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());
  const item = toolbarItem(clearFormatting, 'clearFormatting');
  const create = () =>
    createTestEditor(
      withTextStyle(clearFormatting, colors, fontFamily, fontSize, inlineClass, inlineStyle, subscript, superscript),
    );

  it('has its label', () => {
    expect(clearFormatting.i18n).toEqual({ label: 'Clear Formatting' });
  });

  it('removes every inline format from the selection in one undo step', () => {
    const created = create();
    editor = created.editor;
    editor.commands.setContent(formatted);
    expect(htmlOf(editor)).toBe(formatted);
    editor.commands.selectAll();
    let updates = 0;
    created.doc.on('update', () => updates++);
    item.run(editor);
    expect(htmlOf(editor)).toBe('<p>abcdef</p>');
    expect(updates).toBe(1);
  });

  it('leaves formats outside the selection alone', () => {
    editor = create().editor;
    editor.commands.setContent('<p><strong>abcd</strong></p>');
    editor.commands.setTextSelection({ from: 2, to: 4 });
    item.run(editor);
    expect(htmlOf(editor)).toBe('<p><strong>a</strong>bc<strong>d</strong></p>');
  });

  it('drops the pending formats at a caret so typing goes on unformatted', () => {
    editor = create().editor;
    editor.commands.setContent('<p><strong>ab</strong></p>');
    editor.commands.setTextSelection(3);
    item.run(editor);
    editor.commands.insertContent('x');
    expect(htmlOf(editor)).toBe('<p><strong>ab</strong>x</p>');
  });
});
