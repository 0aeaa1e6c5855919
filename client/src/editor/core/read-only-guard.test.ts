import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { CommentMarkName, CommentModel } from '@shared/document/model/comment-model';
import { defaultEditorOptions } from '@shared/editor-options';
import { coreExtensions } from './create-editor';
import { mayChangeMark } from './read-only-guard';

describe('ReadOnlyGuard', () => {
  const editors: Editor[] = [];
  afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

  const open = (doc: Y.Doc, readOnly: boolean, commenting: boolean): Editor => {
    const editor = new Editor({
      // The comment mark comes with its capability; the core has bold.
      extensions: [...coreExtensions(doc, readOnly, defaultEditorOptions, commenting), CommentModel],
      editable: !readOnly,
    });
    editors.push(editor);
    return editor;
  };

  it("lets a commenter's editor add and remove comment anchors in the shared document, and nothing else", async () => {
    const doc = new Y.Doc();
    const writer = open(doc, false, false);
    writer.commands.setContent('<p>Hello world</p>');
    const commenter = open(doc, true, true);
    await expect.poll(() => commenter.getText()).toBe('Hello world');

    commenter.commands.insertContentAt(1, 'EVIL ');
    commenter.chain().setTextSelection({ from: 1, to: 6 }).setMark('bold').run();
    expect(commenter.getText()).toBe('Hello world');
    expect(writer.getHTML()).toBe('<p>Hello world</p>');

    commenter.chain().setTextSelection({ from: 1, to: 6 }).setMark(CommentMarkName, { thread: 'thread-0001' }).run();
    await expect.poll(() => writer.getHTML()).toContain('data-comment-thread="thread-0001"');
    commenter.chain().setTextSelection({ from: 1, to: 6 }).unsetMark(CommentMarkName).run();
    await expect.poll(() => writer.getHTML()).toBe('<p>Hello world</p>');

    expect(mayChangeMark(commenter, CommentMarkName)).toBe(true);
    expect(mayChangeMark(commenter, 'bold')).toBe(false);
    expect(mayChangeMark(writer, 'bold')).toBe(true);
  });

  it("keeps a viewer's editor from changing the shared document, comment anchors included", async () => {
    const doc = new Y.Doc();
    const writer = open(doc, false, false);
    writer.commands.setContent('<p>Hello world</p>');
    const viewer = open(doc, true, false);
    await expect.poll(() => viewer.getText()).toBe('Hello world');
    viewer.chain().setTextSelection({ from: 1, to: 6 }).setMark(CommentMarkName, { thread: 'thread-0001' }).run();
    expect(viewer.getHTML()).toBe('<p>Hello world</p>');
    expect(writer.getHTML()).toBe('<p>Hello world</p>');
    expect(mayChangeMark(viewer, CommentMarkName)).toBe(false);
  });
});
