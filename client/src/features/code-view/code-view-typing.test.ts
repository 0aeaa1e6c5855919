import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Editor } from '@tiptap/core';
import { Transaction } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { defaultEditorOptions } from '@shared/editor-options';
import { createTestEditor } from '../../testing/test-editor';
import { mountCodeView } from './code-view-editor';
import type { CodeViewSession } from './code-view-session';
import { codeView } from '.';

/**
 * One typed character as CodeMirror's input reader applies it (applyDOMChangeInner in @codemirror/view): every
 * input handler (HTML's auto-closing among them) is offered the text first, else the plain insertion is dispatched.
 * The DOM route itself cannot run here: happy-dom fires selectionchange synchronously, inside CodeMirror's update.
 */
function typeKey(view: EditorView, text: string): void {
  const { from, to } = view.state.selection.main;
  let insertion: Transaction | undefined;
  const insert = (): Transaction =>
    (insertion ??= view.state.update(view.state.replaceSelection(text), {
      userEvent: 'input.type',
      scrollIntoView: true,
    }));
  if (!view.state.facet(EditorView.inputHandler).some((handler) => handler(view, from, to, text, insert))) {
    view.dispatch(insert());
  }
}

/** Types key by key; `\n` is the Enter key, `\b` Backspace (through the view's keymap). */
function typeKeys(view: EditorView, keys: string): void {
  for (const key of keys) {
    if (key === '\n') press(view, 'Enter');
    else if (key === '\b') press(view, 'Backspace');
    else typeKey(view, key);
  }
}

function press(view: EditorView, key: string, modifiers: KeyboardEventInit = {}): void {
  view.contentDOM.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...modifiers }));
}

function paste(view: EditorView, text: string): void {
  const clipboardData = new DataTransfer();
  clipboardData.setData('text/plain', text);
  view.contentDOM.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
}

/** The text with `|` at the caret. */
const shown = (view: EditorView): string => {
  const text = view.state.doc.toString();
  const { head } = view.state.selection.main;
  return `${text.slice(0, head)}|${text.slice(head)}`;
};

describe('code view: typing HTML', () => {
  let editor: Editor;
  let view: EditorView;
  let session: CodeViewSession;

  beforeEach(() => {
    editor = createTestEditor(codeView).editor;
    editor.commands.setContent('<p>Old</p>');
    const parent = document.createElement('div');
    document.body.append(parent);
    ({ view, session } = mountCodeView({
      editor,
      parent,
      entities: defaultEditorOptions.entities,
      label: 'HTML source',
      phrases: {},
      onLeave: () => undefined,
      draft: null,
      onChange: () => undefined,
    }));
    // Cleared, as an author selecting all and deleting would (kept out of the undo history under test).
    view.dispatch({ changes: { from: 0, to: view.state.doc.length }, annotations: Transaction.addToHistory.of(false) });
  });

  afterEach(() => {
    session.end();
    view.destroy();
    editor.destroy();
  });

  it('keeps auto-closing, and a closing tag typed anyway goes over the inserted one', () => {
    typeKeys(view, '<p>Hello <b>');
    expect(shown(view)).toBe('<p>Hello <b>|</b></p>');
    typeKeys(view, 'bold</');
    expect(shown(view)).toBe('<p>Hello <b>bold</|b></p>');
    typeKeys(view, 'b></p>');
    expect(shown(view)).toBe('<p>Hello <b>bold</b></p>|');
    // Back in the rich text: one paragraph, nothing left over from the tags.
    session.apply(view.state.doc.toString());
    expect(editor.getHTML()).toBe('<p>Hello <strong>bold</strong></p>');
  });

  it('gives exactly the HTML typed key by key, nested, with void elements and stray brackets', () => {
    for (const html of [
      '<p>Hello <b>bold</b></p>',
      '<p><b>x<i>y</i></b> and <em>z</em></p><p>two</p>',
      '<p>a<br>b</p>',
      '<p>1 < 2 <</p>',
      '<p>1 <<</p>',
      '<div><div>in</div></div>',
    ]) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length }, userEvent: 'delete' });
      typeKeys(view, html);
      expect(view.state.doc.toString()).toBe(html);
    }
  });

  it('a closing tag typed on its own line replaces the auto-inserted one below it', () => {
    typeKeys(view, '<ul>\n<li>a</li>\n</ul>');
    expect(view.state.doc.toString()).toBe('<ul>\n  <li>a</li>\n</ul>');
  });

  it('the name completed after </ is typed through, not doubled', () => {
    view.dispatch({ changes: { from: 0, insert: '<p>ab' }, selection: { anchor: 5 } });
    typeKeys(view, '</');
    expect(shown(view)).toBe('<p>ab</p>|');
    typeKeys(view, 'p>');
    expect(shown(view)).toBe('<p>ab</p>|');
    // Another name than the completed one: the author's replaces it.
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '<p>ab' }, selection: { anchor: 5 } });
    typeKeys(view, '</px>');
    expect(view.state.doc.toString()).toBe('<p>ab</px>');
  });

  it('Backspace takes back what was typed over; other input keeps it as text before the tag', () => {
    typeKeys(view, '<p>ab</');
    expect(shown(view)).toBe('<p>ab</|p>');
    typeKeys(view, '\b');
    expect(shown(view)).toBe('<p>ab<|/p>');
    typeKeys(view, '\b');
    expect(shown(view)).toBe('<p>ab|</p>');
    typeKeys(view, '<');
    paste(view, 'x');
    expect(shown(view)).toBe('<p>ab<x|</p>');
    typeKeys(view, '</\n');
    expect(view.state.doc.toString()).toMatch(/^<p>ab<x<\/\n\s*<\/p>$/);
  });

  it('a paste is taken as it is: nothing closed, nothing doubled', () => {
    paste(view, '<p>Hello <b>bold</b></p>');
    expect(shown(view)).toBe('<p>Hello <b>bold</b></p>|');
  });

  it('pasted closing tags take the place of the auto-inserted ones after the caret', () => {
    typeKeys(view, '<p>');
    paste(view, 'Hello <b>bold</b></p>');
    expect(shown(view)).toBe('<p>Hello <b>bold</b></p>|');
    // Pasted elements closed by the paste itself, or left open by it, keep the tag that closes the outer one.
    typeKeys(view, '<p>');
    paste(view, '<b>x</b>');
    expect(shown(view)).toBe('<p>Hello <b>bold</b></p><p><b>x</b>|</p>');
    view.dispatch({ changes: { from: 0, to: view.state.doc.length }, userEvent: 'delete' });
    typeKeys(view, '<div><p>');
    paste(view, 'a</p><p>b');
    expect(view.state.doc.toString()).toBe('<div><p>a</p><p>b</p></div>');
    paste(view, '</p></div>');
    expect(shown(view)).toBe('<div><p>a</p><p>b</p></div>|');
  });

  it('auto-closes on a busy machine too, where every timed parse step runs out of time at once', () => {
    paste(view, '<p>Hello <b>bold</b></p>');
    // Each clock reading is 5 ms later: the language's own parse after a change (20 ms) stops at its first step.
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 5));
    try {
      typeKeys(view, '<p>');
      expect(shown(view)).toBe('<p>Hello <b>bold</b></p><p>|</p>');
      paste(view, 'Zwei <i>kursiv');
      typeKeys(view, '</i></p>');
      expect(shown(view)).toBe('<p>Hello <b>bold</b></p><p>Zwei <i>kursiv</i></p>|');
      typeKeys(view, '<div>');
      expect(shown(view)).toBe('<p>Hello <b>bold</b></p><p>Zwei <i>kursiv</i></p><div>|</div>');
      view.dispatch({ changes: { from: 0, to: view.state.doc.length }, userEvent: 'delete' });
      paste(view, '<i>y');
      typeKeys(view, '</');
      expect(shown(view)).toBe('<i>y</i>|');
    } finally {
      clock.mockRestore();
    }
  });

  it('undo takes back typing and the auto-inserted tag together, leaving no tag behind', () => {
    typeKeys(view, '<p>ab');
    expect(shown(view)).toBe('<p>ab|</p>');
    typeKeys(view, '</p>');
    press(view, 'z', { ctrlKey: true });
    expect(shown(view)).toBe('<p>|');
    press(view, 'z', { ctrlKey: true });
    expect(view.state.doc.toString()).toBe('');
    press(view, 'y', { ctrlKey: true });
    press(view, 'y', { ctrlKey: true });
    expect(view.state.doc.toString()).toBe('<p>ab</p>');
  });
});
