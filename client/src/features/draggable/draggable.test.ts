import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { yUndoPluginKey } from '@tiptap/y-tiptap';
import { createTestEditor, htmlOf } from '../../testing/test-editor';
import { canMoveBlocks, moveBlockAsStep, selectedBlocks } from './draggable.extension';
import { draggable } from './index';

/** A position inside paragraph `n` (1-based, after its first letter) of `<p>one</p><p>two</p>…`. */
const inParagraph = (n: number): number => (n - 1) * 5 + 2;

function startFresh(editor: Editor, html: string): void {
  editor.commands.setContent(html);
  // Close the undo group of the set-up, as a pause in typing would.
  const state: unknown = yUndoPluginKey.getState(editor.state);
  (state as { undoManager: { stopCapturing: () => void } }).undoManager.stopCapturing();
}

describe('draggable capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('moves the block holding the caret down and up, keeping the caret in it', () => {
    ({ editor } = createTestEditor(draggable));
    startFresh(editor, '<p>one</p><p>two</p><p>six</p>');
    editor.commands.setTextSelection(inParagraph(1) + 1);
    expect(moveBlockAsStep(editor, 'down')).toBe(true);
    expect(htmlOf(editor)).toBe('<p>two</p><p>one</p><p>six</p>');
    expect(editor.state.selection.$from.parent.textContent).toBe('one');
    expect(editor.state.selection.$from.parentOffset).toBe(2);
    expect(moveBlockAsStep(editor, 'down')).toBe(true);
    expect(htmlOf(editor)).toBe('<p>two</p><p>six</p><p>one</p>');
    expect(moveBlockAsStep(editor, 'up')).toBe(true);
    expect(htmlOf(editor)).toBe('<p>two</p><p>one</p><p>six</p>');
  });

  it('undoes a move in one step', () => {
    ({ editor } = createTestEditor(draggable));
    startFresh(editor, '<p>one</p><p>two</p><p>six</p>');
    editor.commands.setTextSelection(inParagraph(3));
    moveBlockAsStep(editor, 'up');
    expect(htmlOf(editor)).toBe('<p>one</p><p>six</p><p>two</p>');
    editor.commands.undo();
    expect(htmlOf(editor)).toBe('<p>one</p><p>two</p><p>six</p>');
  });

  it('does nothing at the document edges', () => {
    ({ editor } = createTestEditor(draggable));
    startFresh(editor, '<p>one</p><p>two</p>');
    editor.commands.setTextSelection(inParagraph(1));
    expect(editor.commands.moveBlockUp()).toBe(false);
    editor.commands.setTextSelection(inParagraph(2));
    expect(canMoveBlocks(editor.state, 'down')).toBe(false);
    expect(editor.commands.moveBlockDown()).toBe(false);
    expect(htmlOf(editor)).toBe('<p>one</p><p>two</p>');
  });

  it('moves several selected blocks together, and a selected horizontal rule', () => {
    ({ editor } = createTestEditor(draggable));
    startFresh(editor, '<p>one</p><p>two</p><p>six</p><hr><p>ten</p>');
    const { doc } = editor.state;
    // From inside paragraph 1 to inside paragraph 2.
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(doc, inParagraph(1), inParagraph(2) + 1)));
    expect(selectedBlocks(editor.state)).toEqual({ first: 0, last: 1 });
    moveBlockAsStep(editor, 'down');
    expect(htmlOf(editor)).toBe('<p>six</p><p>one</p><p>two</p><hr><p>ten</p>');
    // The rule sits after three 5-wide paragraphs.
    editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, 15)));
    expect(selectedBlocks(editor.state)).toEqual({ first: 3, last: 3 });
    moveBlockAsStep(editor, 'up');
    expect(htmlOf(editor)).toBe('<p>six</p><p>one</p><hr><p>two</p><p>ten</p>');
    expect(editor.state.selection).toBeInstanceOf(NodeSelection);
    expect((editor.state.selection as NodeSelection).node.type.name).toBe('horizontalRule');
  });

  it('lists its shortcuts for the help dialog and binds them', () => {
    expect(draggable.shortcuts?.map((s) => s.keys)).toEqual(['Alt-Shift-ArrowUp', 'Alt-Shift-ArrowDown']);
    ({ editor } = createTestEditor(draggable));
    startFresh(editor, '<p>one</p><p>two</p>');
    editor.commands.setTextSelection(inParagraph(2));
    const event = new KeyboardEvent('keydown', { key: 'ArrowUp', altKey: true, shiftKey: true });
    editor.view.someProp('handleKeyDown', (handle) => handle(editor.view, event));
    expect(htmlOf(editor)).toBe('<p>two</p><p>one</p>');
  });
});
