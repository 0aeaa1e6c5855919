import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { isControl } from '../../editor/core/capability';
import { createTestEditor, htmlOf, typeAndSelect } from '../../testing/test-editor';
import { fontSize } from '../font-size';
import { withTextStyle } from '../text-style/test-support';
import { allowedInlineClasses as allowedClasses } from '@shared/document/model/text-style-model';
import { activeInlineClasses } from './inline-class.extension';
import { inlineClass } from './index';

const classes = ['fr-class-code', 'fr-class-highlighted', 'fr-class-transparency'];

describe('inlineClass capability', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());
  const create = () => createTestEditor(withTextStyle(inlineClass, fontSize)).editor;

  it('is a labelled dropdown in the text group', () => {
    expect(inlineClass.toolbar.map((i) => [i.id, i.group, isControl(i)])).toEqual([['inlineClass', 'text', true]]);
    expect(inlineClass.i18n).toMatchObject({ label: 'Inline Class', values: { Highlighted: 'Highlighted' } });
  });

  it('keeps only configured classes', () => {
    expect(allowedClasses('x fr-class-highlighted fr-class-code', classes)).toBe('fr-class-code fr-class-highlighted');
    expect(allowedClasses('evil', classes)).toBeNull();
    expect(allowedClasses(42, classes)).toBeNull();
  });

  it('toggles a class on the selection and reports it active', () => {
    editor = create();
    typeAndSelect(editor, 'word');
    expect(activeInlineClasses(editor.state, classes)).toEqual([]);
    editor.commands.toggleInlineClass('fr-class-highlighted');
    expect(htmlOf(editor)).toBe('<p><span class="fr-class-highlighted">word</span></p>');
    expect(activeInlineClasses(editor.state, classes)).toEqual(['fr-class-highlighted']);
    editor.commands.toggleInlineClass('fr-class-highlighted');
    expect(htmlOf(editor)).toBe('<p>word</p>');
  });

  it('applies several classes at once and keeps the other textStyle attributes', () => {
    editor = create();
    typeAndSelect(editor, 'word');
    editor.commands.setFontSize('20px');
    editor.commands.toggleInlineClass('fr-class-code');
    editor.commands.toggleInlineClass('fr-class-transparency');
    expect(htmlOf(editor)).toBe(
      '<p><span style="font-size: 20px;" class="fr-class-code fr-class-transparency">word</span></p>',
    );
    expect(activeInlineClasses(editor.state, classes)).toEqual(['fr-class-code', 'fr-class-transparency']);
    editor.commands.toggleInlineClass('fr-class-code');
    expect(htmlOf(editor)).toBe('<p><span style="font-size: 20px;" class="fr-class-transparency">word</span></p>');
  });

  it('adds the class to the whole selection when only part has it', () => {
    editor = create();
    editor.commands.setContent('<p><span class="fr-class-code">ab</span>cd</p>');
    editor.commands.selectAll();
    expect(activeInlineClasses(editor.state, classes)).toEqual([]);
    editor.commands.toggleInlineClass('fr-class-code');
    expect(htmlOf(editor)).toBe('<p><span class="fr-class-code">abcd</span></p>');
  });

  it('refuses a class that is not configured', () => {
    editor = create();
    typeAndSelect(editor, 'word');
    expect(editor.commands.toggleInlineClass('evil')).toBe(false);
    expect(htmlOf(editor)).toBe('<p>word</p>');
  });

  it('round-trips its HTML and drops unknown classes on parse and render', () => {
    editor = create();
    const html = '<p>a <span class="fr-class-highlighted">b</span> c</p>';
    editor.commands.setContent(html);
    expect(htmlOf(editor)).toBe(html);
    editor.commands.setContent('<p><span class="evil fr-class-code">x</span><span class="other">y</span></p>');
    expect(htmlOf(editor)).toBe('<p><span class="fr-class-code">x</span>y</p>');
    // A peer's document may carry anything: a value the model refuses renders as the default (no class).
    typeAndSelect(editor, 'xy');
    editor.commands.setMark('textStyle', { inlineClass: 'evil" onclick="x fr-class-code' });
    expect(htmlOf(editor)).toBe('<p><span>xy</span></p>');
  });
});
