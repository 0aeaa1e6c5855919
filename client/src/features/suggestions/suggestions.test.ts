import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { Slice, type Node as PmNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import { SuggestionLimits } from '@shared/limits';
import { extensionsOf, type CapabilityContext, type CapabilitySession } from '../../editor/core/capability';
import { coreExtensions } from '../../editor/core/create-editor';
import { comments } from '../comments';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { createTestEditor, htmlOf, testSession } from '../../testing/test-editor';
import { suggestions } from '.';
import {
  acceptAll,
  acceptInSelection,
  acceptSuggestion,
  rejectAll,
  rejectSuggestion,
  suggestionAtSelection,
  suggestionsIn,
} from './suggestion-actions';
import { authorColor } from './suggestion-colors';
import { newSuggestionId } from './suggestion-track';
import { isSuggesting, setSuggesting, suggestionsOf } from './suggestions-extension';
import { PRESENCE_COLORS } from '../../lib/palette';
import { initI18n, setLanguage } from '../../i18n/setup';

const ZW = '\u200B';

beforeAll(async () => {
  const i18n = await initI18n();
  await setLanguage(i18n, 'en');
});

let editors: Editor[] = [];
afterEach(() => {
  editors.forEach((e) => e.destroy());
  editors = [];
  localStorage.clear();
});

/** A session for one author (only the parts suggestion mode reads). */
const session = (name: string): CapabilitySession => testSession(name);

function suggestingEditor(html: string, name = 'Ann'): Editor {
  const context: CapabilityContext = { ...defaultCapabilityContext, session: session(name) };
  const { editor } = createTestEditor(suggestions, context);
  editors.push(editor);
  editor.commands.setContent(html);
  setSuggesting(editor, true);
  return editor;
}

/** The suggestion marks of the document, as [kind, text, id, author] runs in order. */
function marks(doc: PmNode): Array<[string, string, string, string | null]> {
  const out: Array<[string, string, string, string | null]> = [];
  doc.descendants((node) => {
    if (!node.isText) return true;
    for (const mark of node.marks) {
      if (mark.type.name !== 'insertion' && mark.type.name !== 'deletion') continue;
      const last = out[out.length - 1];
      const id = mark.attrs.id as string;
      const author = mark.attrs.author as string | null;
      if (last && last[0] === mark.type.name && last[2] === id && last[3] === author) last[1] += node.text ?? '';
      else out.push([mark.type.name, node.text ?? '', id, author]);
    }
    return false;
  });
  return out;
}

/** Every block's text, one string per block. */
const blocks = (doc: PmNode): string[] => {
  const out: string[] = [];
  doc.descendants((node) => {
    if (node.isTextblock) {
      out.push(node.textContent);
      return false;
    }
    return true;
  });
  return out.filter((text, i, all) => !(i === all.length - 1 && text === '' && all.length > 1));
};

/** Replaces the content directly (not as a suggestion), as another editor's document. */
function reload(editor: Editor, html: string): void {
  setSuggesting(editor, false);
  editor.commands.setContent(html);
}

const ID = new RegExp(SuggestionLimits.idPattern);
const select = (editor: Editor, from: number, to = from): void => {
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, from, to)));
};
const type = (editor: Editor, text: string): void => {
  const { from, to } = editor.state.selection;
  editor.view.dispatch(editor.state.tr.insertText(text, from, to));
};

describe('suggestion ids and colours', () => {
  it('makes 16 url-safe characters within the model’s pattern, different each time', () => {
    const a = newSuggestionId();
    expect(a).toHaveLength(16);
    expect(a).toMatch(ID);
    expect(newSuggestionId()).not.toBe(a);
  });

  it('gives each author one colour of the presence palette, always the same', () => {
    expect(PRESENCE_COLORS).toContain(authorColor('Ann'));
    expect(authorColor('Ann')).toBe(authorColor('Ann'));
    const colours = new Set(['Ann', 'Bob', 'Cleo', 'Dan', 'Eve'].map(authorColor));
    expect(colours.size).toBeGreaterThan(2);
  });
});

describe('suggestions in the text', () => {
  it('draw in the author’s colour with the name on hover, and never an author the model refuses', () => {
    const context: CapabilityContext = { ...defaultCapabilityContext, session: session('Ann') };
    const element = document.createElement('div');
    const editor = new Editor({
      element,
      extensions: [...coreExtensions(new Y.Doc(), false, context.options), ...extensionsOf(suggestions, context)],
    });
    editors.push(editor);
    const { insertion, deletion } = editor.schema.marks;
    if (!insertion || !deletion) throw new Error('no suggestion marks');
    editor.commands.setContent('<p>good bad</p>');
    editor.view.dispatch(
      editor.state.tr
        .addMark(1, 5, insertion.create({ id: 'abcdefgh12345678', author: 'Ann' }))
        .addMark(6, 9, deletion.create({ id: 'abcdefgh87654321', author: 'Eve\u202e<b>' })),
    );
    const ins = element.querySelector('ins.suggestion');
    expect(ins?.getAttribute('data-author')).toBe('Ann');
    expect(ins?.getAttribute('title')).toBe('Inserted by Ann');
    expect(ins?.getAttribute('style')).toContain(authorColor('Ann'));
    const del = element.querySelector('del.suggestion');
    expect(del?.getAttribute('data-suggestion')).toBe('abcdefgh87654321');
    expect(del?.hasAttribute('data-author')).toBe(false);
    expect(del?.getAttribute('title')).toBe('Deleted by Someone');
  });
});

describe('suggestion mode', () => {
  it('is off by default, toggles per editor, is remembered per document and refused to a read-only editor', async () => {
    const context: CapabilityContext = { ...defaultCapabilityContext, session: session('Ann') };
    const { editor } = createTestEditor(suggestions, context);
    editors.push(editor);
    expect(isSuggesting(editor)).toBe(false);
    setSuggesting(editor, true);
    expect(isSuggesting(editor)).toBe(true);
    expect(suggestionsOf(editor).suggesting.get()).toBe(true);
    expect(localStorage.getItem('tandem.suggesting.doc-1')).toBe('1');
    const { editor: second } = createTestEditor(suggestions, context);
    editors.push(second);
    // Tiptap's create event comes after a tick.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(isSuggesting(second)).toBe(true);
    second.setEditable(false);
    expect(isSuggesting(second)).toBe(false);
    expect(setSuggesting(second, true)).toBe(false);
  });

  it('turns typing into an insertion with this author and a fresh id', () => {
    const editor = suggestingEditor('<p>Hello world</p>');
    select(editor, 6);
    type(editor, ',');
    type(editor, ' dear');
    expect(editor.state.doc.textContent).toBe('Hello, dear world');
    const [run, ...rest] = marks(editor.state.doc);
    expect(rest).toEqual([]);
    expect(run?.slice(0, 2)).toEqual(['insertion', ', dear']);
    expect(run?.[2]).toMatch(ID);
    expect(run?.[3]).toBe('Ann');
    // Only the author's own edits: a change while not suggesting applies directly.
    setSuggesting(editor, false);
    type(editor, '!');
    expect(marks(editor.state.doc)).toHaveLength(1);
  });

  it('types on after its own insertion in one step that joins it, keeping the text’s other marks', () => {
    const editor = suggestingEditor('<p>ab <strong>cd</strong></p>');
    select(editor, 2);
    type(editor, 'x');
    const steps: string[][] = [];
    editor.on('transaction', ({ transaction }) => steps.push(transaction.steps.map((s) => s.toJSON().stepType)));
    type(editor, 'y');
    expect(steps).toEqual([['replace']]);
    expect(marks(editor.state.doc).map((m) => m.slice(0, 2).concat(m[3]))).toEqual([['insertion', 'xy', 'Ann']]);
    expect(editor.state.selection.from).toBe(4);
    // Bold text: the typed text is bold and joins the insertion made there.
    select(editor, 8);
    type(editor, 'e');
    type(editor, 'f');
    const bold = editor.state.doc.nodeAt(8);
    expect(bold?.text).toBe('ef');
    expect(bold?.marks.map((m) => m.type.name).sort()).toEqual(['bold', 'insertion']);
    expect(marks(editor.state.doc)).toHaveLength(2);
    expect(acceptAll(editor)).toBe(true);
    expect(editor.getHTML()).toBe('<p>axyb <strong>cdef</strong></p>');
  });

  it('knows when the author is typing (the caret bubble waits), and a remote change does not change that', () => {
    const editor = suggestingEditor('<p>Hello world</p>');
    const state = suggestionsOf(editor);
    select(editor, 6);
    expect(state.typing).toBe(false);
    type(editor, 'x');
    expect(state.typing).toBe(true);
    editor.view.dispatch(editor.state.tr.insertText('R', 1).setMeta(ySyncPluginKey, { isChangeOrigin: true }));
    expect(state.typing).toBe(true);
    select(editor, 2);
    expect(state.typing).toBe(false);
  });

  it('turns deleting into a deletion, and reject restores the exact text', () => {
    const editor = suggestingEditor('<p>Hello big world</p>');
    editor.view.dispatch(editor.state.tr.delete(7, 11));
    expect(editor.state.doc.textContent).toBe('Hello big world');
    expect(marks(editor.state.doc).map((m) => m.slice(0, 2).concat(m[3]))).toEqual([['deletion', 'big ', 'Ann']]);
    expect(rejectAll(editor)).toBe(true);
    expect(editor.getHTML()).toBe('<p>Hello big world</p>');
  });

  it('accept all gives the text as typed', () => {
    const editor = suggestingEditor('<p>one two three</p>');
    select(editor, 5, 8);
    type(editor, '2');
    select(editor, 1, 1);
    type(editor, 'Zero ');
    expect(acceptAll(editor)).toBe(true);
    expect(blocks(editor.state.doc)).toEqual(['Zero one 2 three']);
    expect(marks(editor.state.doc)).toEqual([]);
  });

  it('replacing a word is one suggestion (deletion and insertion share the id)', () => {
    const editor = suggestingEditor('<p>one two three</p>');
    select(editor, 5, 8);
    type(editor, '2');
    const runs = marks(editor.state.doc);
    expect(runs.map((r) => r.slice(0, 2))).toEqual([
      ['deletion', 'two'],
      ['insertion', '2'],
    ]);
    expect(runs[0]?.[2]).toBe(runs[1]?.[2]);
    const [entry] = suggestionsIn(editor.state.doc);
    expect(entry).toMatchObject({ kind: 'replacement', deleted: 'two', inserted: '2', author: 'Ann' });
    expect(rejectSuggestion(editor, entry?.id ?? '')).toBe(true);
    expect(editor.getHTML()).toBe('<p>one two three</p>');
  });

  it('merges adjacent changes of the same author, not those of another author', () => {
    const editor = suggestingEditor('<p>ab</p>');
    select(editor, 2);
    type(editor, 'x');
    type(editor, 'y');
    const [mine] = marks(editor.state.doc);
    expect(mine?.slice(0, 2)).toEqual(['insertion', 'xy']);
    // Another author (Bob) types right after Ann's insertion in the same document.
    const bob = suggestingEditor(editor.getHTML(), 'Bob');
    select(bob, 4);
    type(bob, 'z');
    const runs = marks(bob.state.doc);
    expect(runs.map((r) => [r[1], r[3]])).toEqual([
      ['xy', 'Ann'],
      ['z', 'Bob'],
    ]);
    expect(runs[0]?.[2]).toBe(mine?.[2]);
    expect(runs[1]?.[2]).not.toBe(mine?.[2]);
    expect(runs[1]?.[2]).toMatch(ID);
  });

  it('keeps another author’s deletion theirs when a deletion of this author touches it', () => {
    const ann = suggestingEditor('<p>abcdef</p>');
    ann.view.dispatch(ann.state.tr.delete(3, 5));
    const bob = suggestingEditor(ann.getHTML(), 'Bob');
    // Bob deletes "b", just before Ann's deletion of "cd": the library would give both one mark.
    bob.view.dispatch(bob.state.tr.delete(2, 3));
    const runs = marks(bob.state.doc);
    expect(runs.map((r) => [r[0], r[1], r[3]])).toEqual([
      ['deletion', 'b', 'Bob'],
      ['deletion', 'cd', 'Ann'],
    ]);
    expect(runs[0]?.[2]).not.toBe(runs[1]?.[2]);
    expect(runs[1]?.[2]).toBe(marks(ann.state.doc)[0]?.[2]);
  });

  it('suggests splitting a paragraph (Enter) with anchors, and both accept and reject give clean text', () => {
    const editor = suggestingEditor('<p>Hello world</p>');
    select(editor, 6);
    editor.commands.splitBlock();
    expect(blocks(editor.state.doc).map((b) => b.replaceAll(ZW, '·'))).toEqual(['Hello·', '· world']);
    expect(marks(editor.state.doc).every((m) => m[0] === 'insertion' && m[3] === 'Ann')).toBe(true);
    const html = editor.getHTML();
    acceptAll(editor);
    expect(blocks(editor.state.doc)).toEqual(['Hello', ' world']);
    reload(editor, html);
    rejectAll(editor);
    expect(blocks(editor.state.doc)).toEqual(['Hello world']);
  });

  it('suggests joining paragraphs (Backspace at the start of a block)', () => {
    const editor = suggestingEditor('<p>one</p><p>two</p>');
    select(editor, 6);
    editor.commands.joinBackward();
    expect(blocks(editor.state.doc).map((b) => b.replaceAll(ZW, ''))).toEqual(['one', 'two']);
    expect(marks(editor.state.doc).map((m) => [m[0], m[3]])).toContainEqual(['deletion', 'Ann']);
    const html = editor.getHTML();
    acceptAll(editor);
    expect(blocks(editor.state.doc)).toEqual(['onetwo']);
    reload(editor, html);
    rejectAll(editor);
    expect(blocks(editor.state.doc)).toEqual(['one', 'two']);
  });

  it('suggests a paste of two paragraphs with inline marks only (no node marks), author set', () => {
    const editor = suggestingEditor('<p>start end</p>');
    select(editor, 7);
    const pasted = editor.schema.nodeFromJSON({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'first' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'second' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'third' }] },
      ],
    });
    editor.view.dispatch(editor.state.tr.replaceSelection(new Slice(pasted.content, 1, 1)));
    let nodeMarks = 0;
    editor.state.doc.descendants((node) => {
      if (!node.isInline && node.marks.length > 0) nodeMarks += 1;
      return true;
    });
    expect(nodeMarks).toBe(0);
    const runs = marks(editor.state.doc);
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.every((r) => r[0] === 'insertion' && r[3] === 'Ann')).toBe(true);
    expect(new Set(runs.map((r) => r[2])).size).toBe(1);
    const html = editor.getHTML();
    acceptAll(editor);
    expect(blocks(editor.state.doc)).toEqual(['start first', 'second', 'thirdend']);
    reload(editor, html);
    rejectAll(editor);
    expect(blocks(editor.state.doc)).toEqual(['start end']);
  });

  it('suggests bold on a range as the old text deleted and the bold text inserted', () => {
    const editor = suggestingEditor('<p>make this bold</p>');
    select(editor, 6, 10);
    editor.commands.setMark('bold');
    const runs = marks(editor.state.doc);
    expect(runs.map((r) => [r[0], r[1], r[3]])).toEqual([
      ['deletion', 'this', 'Ann'],
      ['insertion', 'this', 'Ann'],
    ]);
    const html = editor.getHTML();
    acceptAll(editor);
    expect(editor.getHTML()).toBe('<p>make <strong>this</strong> bold</p>');
    reload(editor, html);
    rejectAll(editor);
    expect(editor.getHTML()).toBe('<p>make this bold</p>');
  });

  it('suggests deleting whole blocks as inline deletions (never marks on blocks), rejected back exactly', () => {
    const editor = suggestingEditor('<p>one</p><p>two</p><hr><p>three</p>');
    const before = editor.getHTML();
    // From the start of the first paragraph to the end of the second: a block range (the library's node marks).
    editor.view.dispatch(editor.state.tr.delete(0, 10));
    let nodeMarks = 0;
    editor.state.doc.descendants((node) => {
      if (!node.isInline && node.marks.length > 0) nodeMarks += 1;
      return true;
    });
    expect(nodeMarks).toBe(0);
    // One change across both blocks (the helper joins runs of one id).
    expect(marks(editor.state.doc).map((m) => [m[0], m[1], m[3]])).toEqual([['deletion', 'onetwo', 'Ann']]);
    rejectAll(editor);
    expect(editor.getHTML()).toBe(before);
  });

  it('lets remote changes, undo and comment anchors through untouched', () => {
    const context: CapabilityContext = { ...defaultCapabilityContext, session: session('Ann') };
    const editor = new Editor({
      extensions: [
        ...coreExtensions(new Y.Doc(), false, context.options),
        ...extensionsOf(comments, context),
        ...extensionsOf(suggestions, context),
      ],
    });
    editors.push(editor);
    editor.commands.setContent('<p>abc</p>');
    setSuggesting(editor, true);
    editor.view.dispatch(editor.state.tr.insertText('x', 2).setMeta(ySyncPluginKey, { isChangeOrigin: true }));
    const comment = editor.schema.marks.comment?.create({ thread: 'thread-0001' });
    if (comment) editor.view.dispatch(editor.state.tr.addMark(1, 3, comment));
    expect(marks(editor.state.doc)).toEqual([]);
    expect(editor.state.doc.textContent).toBe('axbc');
    expect(editor.getHTML()).toContain('thread-0001');
  });

  it('applies block attribute changes directly (no modification mark)', () => {
    const editor = suggestingEditor('<p>title</p>');
    select(editor, 2);
    editor.commands.setNode('heading', { level: 2 });
    expect(htmlOf(editor)).toBe('<h2>title</h2>');
    let modifications = 0;
    editor.state.doc.descendants((node) => {
      if (node.marks.some((m) => m.type.name === 'modification')) modifications += 1;
      return true;
    });
    expect(modifications).toBe(0);
  });

  it('finds the suggestion at the caret, and accepts those in the selection', () => {
    const editor = suggestingEditor('<p>aa bb cc</p>');
    select(editor, 3);
    type(editor, 'X');
    select(editor, 7);
    type(editor, 'Y');
    setSuggesting(editor, false);
    select(editor, 4);
    expect(suggestionAtSelection(editor.state)).toMatchObject({ author: 'Ann' });
    select(editor, 1, 5);
    expect(acceptInSelection(editor)).toBe(true);
    const left = suggestionsIn(editor.state.doc);
    expect(left.map((e) => e.inserted)).toEqual(['Y']);
    expect(acceptSuggestion(editor, left[0]?.id ?? '')).toBe(true);
    expect(editor.getHTML()).toBe('<p>aaX bbY cc</p>');
  });

  it('undo after accept restores the suggestion', async () => {
    const editor = suggestingEditor('<p>text</p>');
    select(editor, 5);
    type(editor, '!');
    const before = editor.getHTML();
    // A pause, so that the undo manager keeps the accept as a step of its own.
    await new Promise((resolve) => setTimeout(resolve, 600));
    acceptAll(editor);
    expect(marks(editor.state.doc)).toEqual([]);
    editor.commands.undo();
    expect(editor.getHTML()).toBe(before);
  });
});
