import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { yUndoPluginKey } from '@tiptap/y-tiptap';
import { createTestEditor, htmlOf } from '../../testing/test-editor';
import { specialCharacters } from './index';
import { specialCharacterSets } from './special-characters.data';
import { insertCharacter } from './special-characters.extension';
import { specialCharactersStrings } from './special-characters.i18n';

describe('specialCharacters capability', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('offers Froala’s 8 sets, a few dozen named characters each, without duplicates', () => {
    expect(Object.keys(specialCharacterSets)).toEqual(Object.keys(specialCharactersStrings.sets));
    for (const list of Object.values(specialCharacterSets)) {
      expect(list.length).toBeGreaterThanOrEqual(30);
      expect(new Set(list.map((c) => c.char)).size).toBe(list.length);
      for (const c of list) expect(c.name).toMatch(/^[A-Z][A-Z0-9 -]+$/);
    }
    expect(specialCharacterSets.currency).toContainEqual({ char: '€', name: 'EURO SIGN' });
    expect(specialCharacterSets.punctuation).toContainEqual({ char: '¡', name: 'INVERTED EXCLAMATION MARK' });
  });

  it('inserts at the caret as one undo step, replacing a selection', () => {
    ({ editor } = createTestEditor(specialCharacters));
    editor.commands.setContent('<p>price 5</p>');
    yUndoPluginKey.getState(editor.state)?.undoManager.stopCapturing();
    editor.commands.setTextSelection(8);
    insertCharacter(editor, '€');
    expect(htmlOf(editor)).toBe('<p>price 5€</p>');
    editor.commands.undo();
    expect(htmlOf(editor)).toBe('<p>price 5</p>');
    editor.commands.setTextSelection({ from: 1, to: 6 });
    insertCharacter(editor, '→');
    expect(htmlOf(editor)).toBe('<p>→ 5</p>');
  });

  it('inserts markup characters as text, never as HTML', () => {
    ({ editor } = createTestEditor(specialCharacters));
    editor.commands.setContent('<p>a</p>');
    editor.commands.setTextSelection(2);
    insertCharacter(editor, '<');
    expect(htmlOf(editor)).toBe('<p>a&lt;</p>');
  });

  it('keeps the marks at the caret', () => {
    ({ editor } = createTestEditor(specialCharacters));
    editor.commands.setContent('<p><strong>ab</strong></p>');
    editor.commands.setTextSelection(2);
    insertCharacter(editor, 'Ω');
    expect(htmlOf(editor)).toBe('<p><strong>aΩb</strong></p>');
  });

  it('is a toolbar control and a quick-insert entry with an English label', () => {
    expect(specialCharacters.toolbar[0]).toMatchObject({ kind: 'control', group: 'insert' });
    expect(specialCharacters.insertItems?.[0]?.labelKey).toBe('specialCharacters.label');
    expect(specialCharactersStrings.label).toBe('Special Characters');
  });
});
