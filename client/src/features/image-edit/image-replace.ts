import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, type Transaction } from '@tiptap/pm/state';
import type { CapabilityContext } from '../../editor/core/capability';
import { imageNodeFromUpload, startUpload } from '../uploads';
import { closeUndoGroup, imageAttrsOf, isImageNode, selectedImage, type ImageAttrs } from './image-edit-commands';

/** Positions of the images whose attributes satisfy `match`. */
function imagePositions(doc: PmNode, match: (attrs: ImageAttrs) => boolean): number[] {
  const found: number[] = [];
  doc.descendants((node, pos) => {
    if (isImageNode(node) && match(imageAttrsOf(node))) found.push(pos);
    return !node.isInline;
  });
  return found;
}

/**
 * In the transaction that inserts the new image at `insertedAt`: removes the replaced one (the
 * image still showing the old picture nearest to the new one, normally right after it) and selects
 * the new one, so other authors never see both and one undo brings the old image back.
 */
function dropReplaced(tr: Transaction, insertedAt: number, old: ImageAttrs): void {
  const fresh = tr.doc.nodeAt(insertedAt);
  if (!isImageNode(fresh)) return;
  const stale = imagePositions(tr.doc, (a) => a.src === old.src && a.uploadId === old.uploadId).filter(
    (o) => o !== insertedAt,
  );
  const distance = (o: number): number => (o === insertedAt + 1 ? 0 : Math.abs(o - insertedAt));
  const nearest = stale.sort((x, y) => distance(x) - distance(y))[0];
  if (nearest === undefined) return;
  tr.delete(nearest, nearest + 1);
  const at = tr.mapping.slice(tr.mapping.maps.length - 1).map(insertedAt);
  if (isImageNode(tr.doc.nodeAt(at))) tr.setSelection(NodeSelection.create(tr.doc, at));
}

/**
 * Replace (FROALA-REFERENCE §16): uploads `file` with a placeholder shown just before the selected
 * image; the upload then takes its place with the same size, alignment, classes, caption, alt text
 * and link. On error or cancel the old image simply stays.
 */
export function replaceSelectedImage(
  editor: Editor,
  context: CapabilityContext,
  file: File,
): { cancel(): void; done: Promise<boolean> } | null {
  const image = selectedImage(editor.state);
  if (!image) return null;
  const old = image.attrs;
  const marks = image.node.marks.map((m) => ({ type: m.type.name, attrs: { ...m.attrs } }));
  closeUndoGroup(editor);
  const started = startUpload(editor, context, {
    kind: 'image',
    file,
    pos: image.pos,
    toNode: (response) => {
      const uploaded = imageNodeFromUpload(response, old.alt);
      const src = typeof uploaded.attrs?.src === 'string' ? uploaded.attrs.src : '';
      return { ...uploaded, attrs: { ...old, src, uploadId: response['data-id'] }, marks };
    },
    amend: (tr, insertedAt) => dropReplaced(tr, insertedAt, old),
  });
  const done = started.done.then((inserted) => {
    if (inserted && !editor.isDestroyed) closeUndoGroup(editor);
    return inserted;
  });
  return { cancel: started.cancel, done };
}
