import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { NodeSelection } from '@tiptap/pm/state';
import type { Capability } from '../../editor/core/capability';
import { createTestEditor } from '../../testing/test-editor';
import { ImageNode } from '../image/image.extension';
import { createLinkExtension } from '../link/link.extension';
import { ImageEditKeys } from './image-edit.extension';
import { imageEdit } from './index';
import {
  editedImageAttrs,
  replaceEditedImage,
  resolveEditTarget,
  trackEditedImage,
  type EditedImage,
} from './image-advanced-edit-target';

const OLD = '/uploads/doc/old.png';
const NEW = { src: '/uploads/doc/new.png', uploadId: 'u-new' };
const withImage: Capability = {
  ...imageEdit,
  extensions: (context) => [ImageNode, createLinkExtension(context), ImageEditKeys],
};
const square = { width: 100, height: 100 };
const wide = { width: 200, height: 100 };

/** `<p>ab</p><p>[img]</p>`: the image at position 5, with a caption, alignment and size. */
function setup(): { editor: Editor; image: EditedImage; doc: Y.Doc } {
  const { editor, doc } = createTestEditor(withImage);
  editor.commands.setContent({
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: 'ab' }] },
      {
        type: 'paragraph',
        content: [
          {
            type: 'image',
            attrs: { src: OLD, uploadId: 'u-old', width: '300px', height: '300px', align: 'left', caption: 'Cap' },
          },
        ],
      },
    ],
  });
  editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, 5)));
  return { editor, image: { pos: 5, src: OLD, uploadId: 'u-old' }, doc };
}

const imageAt = (editor: Editor, pos: number) => editor.state.doc.nodeAt(pos)?.attrs;

describe('advanced edit: replacing the edited image', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('puts the new picture in, keeps caption, alignment and size, as one undo step', () => {
    const s = setup();
    editor = s.editor;
    s.editor.commands.insertContentAt(1, 'xyz');
    const before = s.editor.state.doc.toJSON() as unknown;
    expect(replaceEditedImage(s.editor, { ...s.image, pos: 8 }, NEW, { before: square, after: square })).toEqual({
      status: 'found',
      pos: 8,
    });
    expect(imageAt(s.editor, 8)).toMatchObject({
      ...NEW,
      caption: 'Cap',
      align: 'left',
      width: '300px',
      height: '300px',
    });
    s.editor.commands.undo();
    expect(s.editor.state.doc.toJSON()).toEqual(before);
  });

  it('follows the image through edits before it, and finds it by its picture when positions are lost', () => {
    const s = setup();
    editor = s.editor;
    const tracked = trackEditedImage(s.editor, s.image);
    s.editor.commands.insertContentAt(1, 'xyz');
    expect(tracked.current().pos).toBe(8);
    tracked.stop();
    // A remote change rewrites the document: the stale position still finds the picture.
    expect(resolveEditTarget(s.editor.state.doc, { ...s.image, pos: 2 })).toEqual({ status: 'found', pos: 8 });
  });

  it('reports an image deleted by another author, and changes nothing', () => {
    const s = setup();
    editor = s.editor;
    s.editor.commands.deleteRange({ from: 5, to: 6 });
    const before = s.editor.state.doc.toJSON() as unknown;
    expect(replaceEditedImage(s.editor, s.image, NEW, { before: null, after: null })).toEqual({ status: 'deleted' });
    expect(s.editor.state.doc.toJSON()).toEqual(before);
  });

  it('tells a picture replaced by a remote change (the binding rewrites the document) from a deleted image', () => {
    const s = setup();
    editor = s.editor;
    const tracked = trackEditedImage(s.editor, s.image);
    s.editor.commands.insertContentAt(1, 'xyz');
    // Another author's change arrives through Yjs: their text before the image and a new picture in it.
    s.doc.transact(() => {
      const fragment = s.doc.getXmlFragment(YDocKeys.content);
      (fragment.get(0) as Y.XmlElement).insert(0, [new Y.XmlText('remote ')]);
      const paragraph = fragment.get(1) as Y.XmlElement;
      (paragraph.get(0) as Y.XmlElement).setAttribute('src', '/uploads/doc/other.png');
    }, 'remote');
    const at = tracked.current();
    expect(s.editor.state.doc.nodeAt(at.pos)?.attrs.src).toBe('/uploads/doc/other.png');
    expect(replaceEditedImage(s.editor, at, NEW, { before: null, after: null })).toEqual({ status: 'replaced' });
    tracked.stop();
  });

  it('reports an image whose picture another author replaced', () => {
    const s = setup();
    editor = s.editor;
    s.editor.view.dispatch(s.editor.state.tr.setNodeAttribute(5, 'src', '/uploads/doc/other.png'));
    expect(replaceEditedImage(s.editor, s.image, NEW, { before: null, after: null })).toEqual({ status: 'replaced' });
    expect(imageAt(s.editor, 5)?.src).toBe('/uploads/doc/other.png');
  });
});

describe('advanced edit: attributes of the edited image', () => {
  const attrs = { src: OLD, uploadId: 'u-old', width: '300px', height: '300px', caption: 'Cap', align: 'right' };

  it('keeps a fixed height when the proportions are the same', () => {
    expect(editedImageAttrs(attrs, NEW, { before: square, after: { width: 50, height: 50 } })).toEqual({
      ...attrs,
      ...NEW,
    });
  });

  it('drops a fixed height after a crop or a quarter turn changed the proportions', () => {
    expect(editedImageAttrs(attrs, NEW, { before: square, after: wide })).toEqual({ ...attrs, ...NEW, height: null });
  });

  it('keeps everything when a size is unknown', () => {
    expect(editedImageAttrs(attrs, NEW, { before: null, after: wide })).toEqual({ ...attrs, ...NEW });
  });
});
