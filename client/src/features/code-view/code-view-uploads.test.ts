import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { defaultEditorOptions } from '@shared/editor-options';
import { PlaceholderMedia, UploadPlaceholderModel } from '@shared/document/model/upload-placeholder-model';
import { coreExtensions } from '../../editor/core/create-editor';
import { formatHtml } from './code-view-format';
import { CodeViewSession } from './code-view-session';

describe('code view and running uploads', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  const placeholders = (): number => {
    let count = 0;
    editor.state.doc.descendants((node) => {
      if (node.type.name === PlaceholderMedia.node) count++;
    });
    return count;
  };

  it('keeps an upload placeholder that the view cannot show when the edit is applied', () => {
    // The model's placeholder alone (the uploads capability would remove one with no upload behind it).
    editor = new Editor({
      extensions: [...coreExtensions(new Y.Doc(), false, defaultEditorOptions), UploadPlaceholderModel],
    });
    editor.commands.setContent('<p>one</p><p>two</p>');
    // An upload starts in the second paragraph (its placeholder has no HTML, so the view does not show it).
    editor.commands.insertContentAt(editor.state.doc.child(0).nodeSize + 4, {
      type: PlaceholderMedia.node,
      attrs: { key: 'up-1', kind: 'image', name: 'a.png', progress: 40 },
    });
    expect(placeholders()).toBe(1);
    const session = new CodeViewSession(editor, defaultEditorOptions.entities, formatHtml);
    expect(session.shown).not.toContain('upload');
    expect(session.apply(session.shown.replace('<p>two</p>', '<p>two, edited</p>'))).toBe(true);
    expect(placeholders()).toBe(1);
    expect(editor.getText()).toContain('two, edited');
    session.end();
  });
});
