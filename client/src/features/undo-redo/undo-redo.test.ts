import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { createTestEditor, toolbarItem } from '../../testing/test-editor';
import { undoRedo } from './index';

describe('undoRedo capability', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('undoes only this author’s change, not a remote one', async () => {
    let doc: Y.Doc;
    ({ editor, doc } = createTestEditor(undoRedo));
    editor.commands.setContent('<p>mine</p>');
    await new Promise((r) => setTimeout(r, 600)); // let the undo manager close its capture group
    // A remote author's change arrives as a Yjs update with another origin.
    const remote = new Y.Doc();
    Y.applyUpdate(remote, Y.encodeStateAsUpdate(doc));
    const para = remote.getXmlFragment('default').get(0) as Y.XmlElement;
    (para.get(0) as Y.XmlText).insert(4, ' theirs');
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(remote, Y.encodeStateVector(doc)), 'remote');
    expect(editor.getText()).toBe('mine theirs');

    editor.commands.focus('end');
    editor.commands.insertContent('!');
    expect(editor.getText()).toBe('mine theirs!');
    const undo = toolbarItem(undoRedo, 'undo');
    expect(undo.isEnabled?.(editor)).toBe(true);
    undo.run(editor);
    expect(editor.getText()).toBe('mine theirs');
    toolbarItem(undoRedo, 'redo').run(editor);
    expect(editor.getText()).toBe('mine theirs!');
  });
});
