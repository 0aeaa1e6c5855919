import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { CommentMarkName, CommentModel, CommentObjects } from '@shared/document/model/comment-model';
import { ImageModel } from '@shared/document/model/image-model';
import { TableCellModel, TableHeaderModel, TableModel, TableRowModel } from '@shared/document/model/table-model';
import { onlyFormatsOf } from '@shared/document/yjs/format-only-update';
import { defaultEditorOptions } from '@shared/editor-options';
import { coreExtensions } from './create-editor';
import { mayChangeMark } from './read-only-guard';

describe('ReadOnlyGuard', () => {
  const editors: Editor[] = [];
  afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

  const open = (doc: Y.Doc, readOnly: boolean, commenting: boolean): Editor => {
    const editor = new Editor({
      // The comment mark comes with its capability; the core has bold.
      extensions: [
        ...coreExtensions(doc, readOnly, defaultEditorOptions, commenting),
        CommentModel,
        ImageModel,
        TableModel,
        TableRowModel,
        TableCellModel,
        TableHeaderModel,
      ],
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

  it("lets a commenter's editor set the comment anchors of an image and a cell, and sends only those", async () => {
    const writerDoc = new Y.Doc();
    const writer = open(writerDoc, false, false);
    writer.commands.setContent(
      '<p>See <img src="https://example.com/a.png" alt="A"></p><table><tr><td data-colwidth="120"><p>Cell</p></td></tr></table>',
    );
    // The commenter's own copy, whose updates are checked as the server checks them.
    const commenterDoc = new Y.Doc();
    Y.applyUpdate(commenterDoc, Y.encodeStateAsUpdate(writerDoc));
    const updates: Uint8Array[] = [];
    commenterDoc.on('update', (update: Uint8Array) => updates.push(update));
    const commenter = open(commenterDoc, true, true);
    await expect.poll(() => commenter.getText()).toContain('Cell');
    const positions = new Map<string, number>();
    commenter.state.doc.descendants((node, pos) => {
      if (!positions.has(node.type.name)) positions.set(node.type.name, pos);
    });
    const imageAt = positions.get('image') ?? -1;
    const cellAt = positions.get('tableCell') ?? -1;
    expect(commenter.state.doc.nodeAt(cellAt)?.attrs.colwidth).toEqual([120]);

    commenter.view.dispatch(commenter.state.tr.setNodeAttribute(imageAt, 'alt', 'EVIL'));
    expect(commenter.state.doc.nodeAt(imageAt)?.attrs.alt).toBe('A');
    commenter.view.dispatch(commenter.state.tr.setNodeAttribute(imageAt, CommentObjects.attribute, 'thread-0001'));
    commenter.view.dispatch(commenter.state.tr.setNodeAttribute(cellAt, CommentObjects.attribute, 'thread-0002'));
    expect(commenter.state.doc.nodeAt(imageAt)?.attrs.commentThreads).toBe('thread-0001');
    expect(commenter.state.doc.nodeAt(cellAt)?.attrs.commentThreads).toBe('thread-0002');
    expect(updates.length).toBeGreaterThan(0);
    const objects = { attribute: CommentObjects.attribute, nodes: new Set(CommentObjects.nodes) };
    for (const update of updates) {
      expect(onlyFormatsOf(writerDoc, update, new Set([CommentMarkName]), objects)).toBe(true);
      Y.applyUpdate(writerDoc, update);
    }
    await expect.poll(() => writer.state.doc.nodeAt(imageAt)?.attrs.commentThreads).toBe('thread-0001');
  });
});
