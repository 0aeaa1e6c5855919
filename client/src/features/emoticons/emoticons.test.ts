import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { yUndoPluginKey } from '@tiptap/y-tiptap';
import { createTestEditor, htmlOf } from '../../testing/test-editor';
import { emoticons } from './index';
import { emojiCategoryIds, loadEmojiData, peekEmojiData, searchEmoji } from './emoticons.data';
import { insertEmoji, shortcodeReplacement } from './emoticons.extension';

/** Types like a user: each character through the view's handleTextInput, else inserted plainly. */
function type(editor: Editor, text: string): void {
  const { view } = editor;
  for (const ch of text) {
    const { from, to } = view.state.selection;
    const handled = view.someProp('handleTextInput', (f) => f(view, from, to, ch, () => view.state.tr));
    if (!handled) view.dispatch(view.state.tr.insertText(ch, from, to));
  }
}

/** Closes the Yjs undo manager's capture group, so the next change is its own undo step. */
function stopCapturing(editor: Editor): void {
  yUndoPluginKey.getState(editor.state)?.undoManager.stopCapturing();
}

describe('emoticons data', () => {
  it('loads lazily into Froala’s 8 categories with names and shortcodes', async () => {
    const data = await loadEmojiData();
    expect(peekEmojiData()).toBe(data);
    expect(Object.keys(data.byCategory)).toEqual(emojiCategoryIds);
    for (const id of emojiCategoryIds) expect(data.byCategory[id].length).toBeGreaterThan(50);
    expect(data.byCategory.smileysPeople[0]).toMatchObject({ char: '😀', label: 'Grinning face' });
    expect(data.byCategory.flags.some((e) => e.char === '🇩🇪')).toBe(true);
    expect(data.shortcodes.get('smile')).toBe('😄');
    expect(data.shortcodes.get('+1')).toBe(data.shortcodes.get('thumbsup'));
  });

  it('searches English names, shortcodes and tags', async () => {
    const data = await loadEmojiData();
    expect(searchEmoji(data, 'grinning face').map((e) => e.char)).toContain('😀');
    expect(searchEmoji(data, ':smile').map((e) => e.char)).toContain('😄');
    expect(searchEmoji(data, 'pizza').map((e) => e.char)).toContain('🍕');
    expect(searchEmoji(data, 'zzzqqq')).toEqual([]);
    expect(searchEmoji(data, '   ')).toEqual([]);
  });
});

describe('emoticons capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('inserts an emoji at the caret as one undo step', () => {
    ({ editor } = createTestEditor(emoticons));
    editor.commands.setContent('<p>hi</p>');
    stopCapturing(editor);
    editor.commands.setTextSelection(3);
    insertEmoji(editor, '👋');
    expect(htmlOf(editor)).toBe('<p>hi👋</p>');
    editor.commands.undo();
    expect(htmlOf(editor)).toBe('<p>hi</p>');
  });

  it('turns a typed :smile: into 😄 and leaves unknown codes and times alone', async () => {
    await loadEmojiData();
    ({ editor } = createTestEditor(emoticons));
    editor.commands.setContent('<p></p>');
    editor.commands.setTextSelection(1);
    type(editor, 'Hi :smile: at 10:30: :nosuchcode: :THUMBSUP:');
    expect(htmlOf(editor)).toBe('<p>Hi 😄 at 10:30: :nosuchcode: 👍\u{FE0F}</p>');
    type(editor, ':heart::heart:');
    expect(editor.getText()).toMatch(/ 👍\u{FE0F}❤️❤️$/u);
  });

  it('does not convert inside code', async () => {
    const { shortcodes } = await loadEmojiData();
    ({ editor } = createTestEditor(emoticons));
    editor.commands.setContent('<pre><code>a :smile</code></pre>');
    const end = editor.state.doc.content.size - 1;
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, end)));
    expect(shortcodeReplacement(editor.state, end, end, ':', shortcodes)).toBeNull();
    editor.commands.setContent('<p>a :smile</p>');
    expect(shortcodeReplacement(editor.state, 9, 9, ':', shortcodes)).toEqual({ from: 3, to: 9, emoji: '😄' });
  });

  it('is a toolbar control and a quick-insert entry', () => {
    expect(emoticons.toolbar[0]).toMatchObject({ kind: 'control', group: 'insert', labelKey: 'emoticons.label' });
    expect(emoticons.insertItems?.[0]?.labelKey).toBe('emoticons.label');
  });
});
