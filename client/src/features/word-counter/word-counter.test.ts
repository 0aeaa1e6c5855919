import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import type { CapabilityContext } from '../../editor/core/capability';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { createTestEditor } from '../../testing/test-editor';
import { textStats, type CounterRefusal } from '../char-counter';
import { wordCounter } from './index';

const withMax = (wordCounterMax: number): CapabilityContext => ({
  ...defaultCapabilityContext,
  counters: { charCounterMax: -1, wordCounterMax },
});

function type(editor: Editor, text: string): void {
  for (const ch of text) editor.view.dispatch(editor.state.tr.insertText(ch));
}

describe('wordCounter limit (Froala rules)', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('accepts "one two" at max 2 but not a third word; the last word may grow, spaces may trail', async () => {
    ({ editor } = createTestEditor(wordCounter, withMax(2)));
    const reasons: CounterRefusal[] = [];
    editor.storage.wordCounter.refused.on((r) => reasons.push(r));
    editor.commands.focus('end');
    type(editor, 'one two');
    type(editor, ' three');
    expect(editor.getText()).toBe('one two ');
    await Promise.resolve();
    expect(reasons[0]).toBe('limit');
    type(editor, '  ');
    editor.commands.deleteRange({ from: 8, to: 11 });
    type(editor, 's');
    expect(editor.getText()).toBe('one twos');
    expect(textStats(editor.state.doc).words).toBe(2);
  });

  it('blocks a space or Enter that would split a word at the maximum', () => {
    ({ editor } = createTestEditor(wordCounter, withMax(2)));
    editor.commands.focus('end');
    type(editor, 'one two');
    editor.commands.setTextSelection(3);
    type(editor, ' ');
    editor.commands.splitBlock();
    expect(editor.getText()).toBe('one two');
  });

  it('allows a new word after Backspace made room', () => {
    ({ editor } = createTestEditor(wordCounter, withMax(2)));
    editor.commands.focus('end');
    type(editor, 'one two');
    editor.commands.deleteRange({ from: 5, to: 8 });
    type(editor, 'six');
    expect(editor.getText()).toBe('one six');
  });

  it('refuses a paste with too many words as a whole', async () => {
    ({ editor } = createTestEditor(wordCounter, withMax(3)));
    const reasons: CounterRefusal[] = [];
    editor.storage.wordCounter.refused.on((r) => reasons.push(r));
    editor.commands.focus('end');
    type(editor, 'one ');
    editor.view.dispatch(editor.state.tr.insertText('two three four').setMeta('uiEvent', 'paste'));
    expect(editor.getText()).toBe('one ');
    await Promise.resolve();
    expect(reasons).toEqual(['paste']);
  });

  it('above the maximum (after others’ edits) blocks every new character', () => {
    ({ editor } = createTestEditor(wordCounter, withMax(1)));
    editor.commands.focus('end');
    type(editor, 'one');
    // A programmatic change stands in for a remote one here: the limit is checked on input only.
    editor.view.dispatch(editor.state.tr.insertText(' two three').setMeta('y-sync$', { isChangeOrigin: true }));
    expect(textStats(editor.state.doc).words).toBe(3);
    type(editor, 'x');
    expect(editor.getText()).toBe('one two three');
  });
});
