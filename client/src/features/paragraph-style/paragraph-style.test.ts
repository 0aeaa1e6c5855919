import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { createTestEditor, htmlOf } from '../../testing/test-editor';
import { currentParagraphStyles } from './paragraph-style.extension';
import { paragraphStyle } from './index';

const single = {
  ...defaultCapabilityContext,
  options: { ...defaultCapabilityContext.options, paragraphMultipleStyles: false },
};

describe('paragraphStyle capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('toggles a class on every selected block, decided by the first block', () => {
    ({ editor } = createTestEditor(paragraphStyle));
    editor.commands.setContent('<p>one</p><h2 class="fr-text-gray">two</h2><p>three</p>');
    editor.commands.setTextSelection({ from: 2, to: 8 });
    editor.commands.toggleParagraphStyle('fr-text-gray');
    // The first block had no gray, so both get it (the heading keeps it once).
    expect(htmlOf(editor)).toBe('<p class="fr-text-gray">one</p><h2 class="fr-text-gray">two</h2><p>three</p>');
    expect(currentParagraphStyles(editor.state)).toEqual(['fr-text-gray']);
    editor.commands.toggleParagraphStyle('fr-text-gray');
    expect(htmlOf(editor)).toBe('<p>one</p><h2>two</h2><p>three</p>');
  });

  it('combines several styles when multiple styles are allowed', () => {
    ({ editor } = createTestEditor(paragraphStyle));
    editor.commands.setContent('<p>text</p>');
    editor.commands.setTextSelection(2);
    editor.commands.toggleParagraphStyle('fr-text-bordered');
    editor.commands.toggleParagraphStyle('fr-text-uppercase');
    expect(htmlOf(editor)).toBe('<p class="fr-text-bordered fr-text-uppercase">text</p>');
  });

  it('replaces the other style when only one is allowed', () => {
    ({ editor } = createTestEditor(paragraphStyle, single));
    editor.commands.setContent('<p class="fr-text-bordered">text</p>');
    editor.commands.setTextSelection(2);
    editor.commands.toggleParagraphStyle('fr-text-gray');
    expect(htmlOf(editor)).toBe('<p class="fr-text-gray">text</p>');
  });

  it('keeps only configured classes when parsing HTML', () => {
    ({ editor } = createTestEditor(paragraphStyle));
    editor.commands.setContent('<p class="evil fr-text-spaced tiptap">a</p><h1 class="x">b</h1>');
    expect(htmlOf(editor)).toBe('<p class="fr-text-spaced">a</p><h1>b</h1>');
  });

  it('refuses a class that is not configured', () => {
    ({ editor } = createTestEditor(paragraphStyle));
    editor.commands.setContent('<p>a</p>');
    expect(editor.commands.toggleParagraphStyle('evil')).toBe(false);
    expect(htmlOf(editor)).toBe('<p>a</p>');
  });
});
