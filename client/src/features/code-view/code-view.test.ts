import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { defaultEditorOptions } from '@shared/editor-options';
import { createTestEditor } from '../../testing/test-editor';
import { formatHtml } from './code-view-format';
import { CodeViewSession } from './code-view-session';
import { codeView } from '.';

const entities = defaultEditorOptions.entities;

describe('code view session', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  const setUp = (html: string): Y.Doc => {
    const made = createTestEditor(codeView);
    editor = made.editor;
    editor.commands.setContent(html);
    return made.doc;
  };

  it('applies the edited HTML as one undo step and only where it changed', () => {
    setUp('<p>one</p><p>two</p><p>three</p>');
    const session = new CodeViewSession(editor, entities, formatHtml);
    const kept = editor.state.doc.child(2);
    expect(session.apply(session.shown.replace('<p>two</p>', '<p>two <em>changed</em></p>'))).toBe(true);
    expect(editor.getHTML()).toContain('<p>one</p><p>two <em>changed</em></p><p>three</p>');
    // The untouched paragraph is the very same node: nothing around the edit was rewritten.
    expect(editor.state.doc.child(2)).toBe(kept);
    editor.commands.undo();
    expect(editor.getHTML()).toContain('<p>one</p><p>two</p><p>three</p>');
    session.end();
  });

  it('changes nothing when the text was not edited', () => {
    setUp('<p>one</p>');
    const session = new CodeViewSession(editor, entities, formatHtml);
    const before = editor.state.doc;
    expect(session.apply(session.shown)).toBe(false);
    expect(editor.state.doc).toBe(before);
    session.end();
  });

  it('keeps what others wrote meanwhile, reports it, and reloads from the document', () => {
    setUp('<p>one</p><p>two</p>');
    const session = new CodeViewSession(editor, entities, formatHtml);
    let notified = 0;
    session.subscribe(() => notified++);
    // Another author appends to the second paragraph while the view is open.
    editor.commands.insertContentAt(editor.state.doc.child(0).nodeSize + 4, ' and more');
    expect(session.othersChanged()).toBe(true);
    expect(notified).toBe(1);
    session.apply(session.shown.replace('<p>one</p>', '<p>ONE</p>'));
    expect(editor.getHTML()).toContain('<p>ONE</p><p>two and more</p>');
    const reloaded = session.reload();
    expect(reloaded).toContain('<p>two and more</p>');
    expect(session.othersChanged()).toBe(false);
    session.end();
  });
});
