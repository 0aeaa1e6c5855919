import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { MediaNodes } from '@shared/api/media-values';
import { ImageLimits } from '@shared/limits';
import type { ManagerImage } from './image-manager.data';

/** The position of the image selected right now (the one the manager replaces), or null. */
export function selectedImagePos(editor: Editor): number | null {
  const { selection } = editor.state;
  return selection instanceof NodeSelection && selection.node.type.name === MediaNodes.image.node
    ? selection.from
    : null;
}

/**
 * Inserts the manager's image at the caret (300 px wide, centred, block), or replaces the image at
 * `replacePos` keeping its size, alignment and classes. One undo step either way.
 */
export function insertManagerImage(editor: Editor, image: ManagerImage, replacePos: number | null): boolean {
  const target = replacePos === null ? null : editor.state.doc.nodeAt(replacePos);
  if (replacePos !== null && target?.type.name === MediaNodes.image.node) {
    const attrs = { ...target.attrs, src: image.url, alt: image.name, uploadId: image.id };
    return editor
      .chain()
      .focus()
      .command(({ tr }) => {
        tr.setNodeMarkup(replacePos, undefined, attrs, target.marks);
        tr.setSelection(NodeSelection.create(tr.doc, replacePos));
        return true;
      })
      .run();
  }
  return editor
    .chain()
    .focus()
    .insertContent({
      type: MediaNodes.image.node,
      attrs: {
        src: image.url,
        alt: image.name,
        width: `${ImageLimits.defaultWidthPx}px`,
        align: 'center',
        display: 'block',
        uploadId: image.id,
      },
    })
    .run();
}
