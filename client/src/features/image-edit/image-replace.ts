import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection } from '@tiptap/pm/state';
import type { CapabilityContext } from '../../editor/capability';
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
 * Once the new image is in, removes the replaced one (the nearest image still showing the old
 * picture, normally right after the new one) and selects the new one. No undo boundary before
 * this change: it joins the insertion, so one undo brings the old image back.
 */
function dropReplaced(editor: Editor, old: ImageAttrs, newSrc: string, newUploadId: string | null): void {
  if (editor.isDestroyed) return;
  const { doc } = editor.state;
  const fresh = imagePositions(doc, (a) => a.src === newSrc && a.uploadId === newUploadId);
  const stale = imagePositions(doc, (a) => a.src === old.src && a.uploadId === old.uploadId);
  let best: { n: number; o: number } | null = null;
  for (const n of fresh) {
    for (const o of stale) {
      if (o === n) continue;
      const distance = o === n + 1 ? 0 : Math.abs(o - n);
      const bestDistance = best ? (best.o === best.n + 1 ? 0 : Math.abs(best.o - best.n)) : Infinity;
      if (distance < bestDistance) best = { n, o };
    }
  }
  if (!best) return;
  const tr = editor.state.tr.delete(best.o, best.o + 1);
  const at = tr.mapping.map(best.n);
  if (isImageNode(tr.doc.nodeAt(at))) tr.setSelection(NodeSelection.create(tr.doc, at));
  editor.view.dispatch(tr);
  closeUndoGroup(editor);
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
  let next: { src: string; uploadId: string | null } | null = null;
  closeUndoGroup(editor);
  const started = startUpload(editor, context, {
    kind: 'image',
    file,
    pos: image.pos,
    toNode: (response) => {
      const uploaded = imageNodeFromUpload(response, old.alt);
      const src = typeof uploaded.attrs?.src === 'string' ? uploaded.attrs.src : '';
      next = { src, uploadId: response['data-id'] };
      return { ...uploaded, attrs: { ...old, src, uploadId: next.uploadId }, marks };
    },
  });
  const done = started.done.then((inserted) => {
    if (inserted && next) dropReplaced(editor, old, next.src, next.uploadId);
    return inserted;
  });
  return { cancel: started.cancel, done };
}
