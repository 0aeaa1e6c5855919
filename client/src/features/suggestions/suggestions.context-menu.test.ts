import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import type { CapabilityContext, CapabilitySession } from '../../editor/core/capability';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { createTestEditor, testSession } from '../../testing/test-editor';
import { suggestions } from '.';
import { setSuggesting } from './suggestions-extension';

const session: CapabilitySession = testSession('Ann');

const entry = (id: string) => {
  const found = suggestions.contextMenu?.find((item) => item.id === id);
  if (!found) throw new Error(`no context menu entry ${id}`);
  return found;
};

const select = (editor: Editor, pos: number): void => {
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, pos)));
};

/** "Hello world" with " dear" suggested after "Hello" by Ann. */
function withSuggestion(): Editor {
  const context: CapabilityContext = { ...defaultCapabilityContext, session };
  const { editor } = createTestEditor(suggestions, context);
  editor.commands.setContent('<p>Hello world</p>');
  setSuggesting(editor, true);
  select(editor, 6);
  editor.view.dispatch(editor.state.tr.insertText(' dear', 6));
  setSuggesting(editor, false);
  return editor;
}

describe('the suggestions’ context menu entries', () => {
  const editors: Editor[] = [];
  afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

  it('are offered only on a suggestion, and only to an editor', () => {
    const editor = withSuggestion();
    editors.push(editor);
    select(editor, 8);
    expect(entry('acceptSuggestion').isVisible?.(editor)).toBe(true);
    expect(entry('rejectSuggestion').isVisible?.(editor)).toBe(true);
    select(editor, 2);
    expect(entry('acceptSuggestion').isVisible?.(editor)).toBe(false);
    select(editor, 8);
    editor.setEditable(false);
    expect(entry('acceptSuggestion').isVisible?.(editor)).toBe(false);
  });

  it('Accept keeps the suggested text, Reject removes it', () => {
    const accepted = withSuggestion();
    const rejected = withSuggestion();
    editors.push(accepted, rejected);
    select(accepted, 8);
    entry('acceptSuggestion').run(accepted, () => {});
    select(rejected, 8);
    entry('rejectSuggestion').run(rejected, () => {});
    expect(accepted.getText()).toBe('Hello dear world');
    expect(accepted.getHTML()).not.toContain('<ins');
    expect(rejected.getText()).toBe('Hello world');
  });
});
