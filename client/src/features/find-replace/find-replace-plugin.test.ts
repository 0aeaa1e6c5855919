import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import * as Y from 'yjs';
import { createTestEditor } from '../../testing/test-editor';
import { dispatchAsStep } from '../../editor/core/undo-step';
import { findReplace } from './index';
import { compileQuery, type FindOptions } from './find-replace-query';
import {
  currentIndex,
  findState,
  registerFindPlugins,
  replaceAll,
  replaceCurrent,
  searchRange,
  setQuery,
  step,
  type FindState,
} from './find-replace-plugin';

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

function open(html: string): { editor: Editor; doc: Y.Doc } {
  const made = createTestEditor(findReplace);
  editors.push(made.editor);
  made.editor.commands.setContent(html);
  registerFindPlugins(made.editor);
  return made;
}

function search(editor: Editor, text: string, more: Partial<FindOptions> = {}, from = 0): void {
  const query = compileQuery({ text, caseSensitive: false, wholeWord: false, regex: false, ...more });
  setQuery(editor.view, query?.ok ? query : null, from);
}

const state = (editor: Editor): FindState => {
  const s = findState(editor.state);
  if (!s) throw new Error('find plugin missing');
  return s;
};

/** The text under every match decoration, in document order. */
const matchedTexts = (editor: Editor): string[] =>
  state(editor)
    .matches.find()
    .sort((a, b) => a.from - b.from)
    .map((d) => editor.state.doc.textBetween(d.from, d.to));

const selected = (editor: Editor): string => {
  const { from, to } = editor.state.selection;
  return editor.state.doc.textBetween(from, to);
};

/** Two editors on one shared document, as two authors are (every update goes straight to the other). */
function twoAuthors(html: string): { a: Editor; b: Editor } {
  const a = createTestEditor(findReplace);
  const b = createTestEditor(findReplace);
  editors.push(a.editor, b.editor);
  a.doc.on('update', (u: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') Y.applyUpdate(b.doc, u, 'remote');
  });
  b.doc.on('update', (u: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') Y.applyUpdate(a.doc, u, 'remote');
  });
  a.editor.commands.setContent(html);
  registerFindPlugins(a.editor);
  return { a: a.editor, b: b.editor };
}

/** The position just before `text` in the document (first occurrence). */
function posOf(editor: Editor, text: string): number {
  let found = -1;
  editor.state.doc.descendants((node, pos) => {
    if (found >= 0 || !node.isText) return found < 0;
    const i = node.text?.indexOf(text) ?? -1;
    if (i >= 0) found = pos + i;
    return false;
  });
  if (found < 0) throw new Error(`${text} not in the document`);
  return found;
}

describe('find and replace: search in the editor', () => {
  it('finds a word across marks (bo<strong>ld</strong>) and counts matches', () => {
    const { editor } = open('<p>bo<strong>ld</strong> and bold, BOLD</p><p>not b old</p>');
    search(editor, 'bold');
    expect(state(editor).count).toBe(3);
    expect(matchedTexts(editor)).toEqual(['bold', 'bold', 'BOLD']);
    expect(currentIndex(state(editor))).toBe(1);
    expect(selected(editor)).toBe('bold');
  });

  it('does not match across an inline node or a paragraph break', () => {
    const { editor } = open('<p>ab<br>cd</p><p>ab</p><p>cd</p>');
    search(editor, 'abcd');
    expect(state(editor).count).toBe(0);
    search(editor, 'b.c', { regex: true });
    expect(state(editor).count).toBe(0);
  });

  it('steps forwards and backwards, wrapping around, and selects the current match', () => {
    const { editor } = open('<p>one cat, two cat</p><p>three cat</p>');
    search(editor, 'cat');
    expect(currentIndex(state(editor))).toBe(1);
    step(editor.view, 1);
    expect(currentIndex(state(editor))).toBe(2);
    step(editor.view, 1);
    step(editor.view, 1);
    expect(currentIndex(state(editor))).toBe(1);
    step(editor.view, -1);
    expect(currentIndex(state(editor))).toBe(3);
    expect(selected(editor)).toBe('cat');
    expect(editor.state.selection.from).toBe(posOf(editor, 'three') + 'three '.length);
  });

  it('starts at the first match after the caret', () => {
    const { editor } = open('<p>cat one</p><p>cat two</p>');
    search(editor, 'cat', {}, posOf(editor, 'one'));
    expect(currentIndex(state(editor))).toBe(2);
  });

  it('replaces the current match keeping its formatting and moves to the next', () => {
    const { editor } = open('<p><em>cat</em> and cat</p>');
    search(editor, 'cat');
    replaceCurrent(editor.view, 'dog', (tr) => editor.view.dispatch(tr));
    expect(editor.getHTML()).toContain('<em>dog</em> and cat');
    expect(state(editor).count).toBe(1);
    expect(currentIndex(state(editor))).toBe(1);
    expect(selected(editor)).toBe('cat');
  });

  it('replaces all matches in one transaction, with regular expression groups, undone in one step', () => {
    const { editor } = open('<p>Ada Lovelace, Alan Turing</p><p>Grace Hopper</p>');
    search(editor, '(\\w+) (\\w+)', { regex: true });
    expect(state(editor).count).toBe(3);
    const sent: Transaction[] = [];
    const n = replaceAll(editor.view, '$2 $1', (tr) => {
      sent.push(tr);
      dispatchAsStep(editor, tr);
    });
    expect(n).toBe(3);
    expect(sent).toHaveLength(1);
    expect(editor.getText()).toContain('Lovelace Ada, Turing Alan');
    expect(editor.getText()).toContain('Hopper Grace');
    editor.commands.undo();
    expect(editor.getText()).toContain('Ada Lovelace, Alan Turing');
    expect(editor.getText()).toContain('Grace Hopper');
  });

  it('an empty replacement deletes the matches', () => {
    const { editor } = open('<p>a-b-c</p>');
    search(editor, '-');
    replaceAll(editor.view, '', (tr) => editor.view.dispatch(tr));
    expect(editor.getText()).toBe('abc');
    expect(state(editor).count).toBe(0);
  });

  it('clearing the search removes every highlight', () => {
    const { editor } = open('<p>cat cat</p>');
    search(editor, 'cat');
    setQuery(editor.view, null, 0);
    expect(state(editor).count).toBe(0);
    expect(state(editor).matches.find()).toHaveLength(0);
  });
});

describe('find and replace: matches follow the text', () => {
  it('maps and updates matches through local typing', () => {
    const { editor } = open('<p>cat</p><p>dog cat</p><p>bird</p>');
    search(editor, 'cat');
    expect(state(editor).count).toBe(2);
    // Typing before the matches moves them; typing a new match adds one; breaking one removes it.
    editor.commands.insertContentAt(1, 'wild ');
    expect(matchedTexts(editor)).toEqual(['cat', 'cat']);
    editor.commands.insertContentAt(posOf(editor, 'bird') + 4, ' cat');
    expect(state(editor).count).toBe(3);
    editor.commands.insertContentAt(posOf(editor, 'dog cat') + 5, 'x');
    expect(matchedTexts(editor)).toEqual(['cat', 'cat']);
    expect(state(editor).count).toBe(2);
  });

  it("follows another author's edits (which arrive as one whole-document step)", () => {
    const { a, b } = twoAuthors('<p>first cat</p><p>second</p><p>third cat</p>');
    search(a, 'cat');
    step(a.view, 1);
    expect(currentIndex(state(a))).toBe(2);
    const current = state(a).current;
    // Bob types before both matches and writes a new one in another paragraph.
    b.commands.insertContentAt(1, 'Bob was here. ');
    b.commands.insertContentAt(posOf(b, 'second') + 6, ' cat');
    expect(a.getText()).toContain('Bob was here. first cat');
    expect(matchedTexts(a)).toEqual(['cat', 'cat', 'cat']);
    expect(state(a).count).toBe(3);
    // A's current match moved with the text and is still the one in "third".
    expect(state(a).current?.from).toBe((current?.from ?? 0) + 'Bob was here. '.length + ' cat'.length);
    expect(currentIndex(state(a))).toBe(3);
    // Bob edits A's current match: it is no longer a match, and "next" goes on from there.
    b.commands.insertContentAt(posOf(b, 'third cat') + 'third c'.length, 'o');
    expect(state(a).current).toBeNull();
    expect(state(a).count).toBe(2);
    step(a.view, 1);
    expect(currentIndex(state(a))).toBe(1);
  });

  it('keeps the incremental count equal to a full search through many edits', () => {
    const { a, b } = twoAuthors('<p>ana banana</p><p>an ana</p><p>nothing</p>');
    search(a, 'ana');
    const recount = (): number => {
      const s = state(a);
      if (!s.query) return 0;
      return searchRange(a.state.doc, 0, a.state.doc.content.size, s.query).length;
    };
    const edits: ((e: Editor) => void)[] = [
      (e) => e.commands.insertContentAt(posOf(e, 'nothing'), 'ana '),
      (e) => e.commands.insertContentAt(posOf(e, 'banana') + 3, 'n'),
      (e) => e.commands.deleteRange({ from: posOf(e, 'an ana'), to: posOf(e, 'an ana') + 3 }),
      (e) => e.commands.insertContentAt(1, '<p>anana</p>'),
      (e) => e.commands.insertContentAt(e.state.doc.content.size - 1, ' banana'),
    ];
    edits.forEach((edit, i) => {
      edit(i % 2 === 0 ? b : a);
      expect(state(a).count, `after edit ${i}`).toBe(recount());
      expect(matchedTexts(a).every((t) => t.toLowerCase() === 'ana')).toBe(true);
    });
  });
});
