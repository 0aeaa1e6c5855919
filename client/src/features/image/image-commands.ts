import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { MediaNodes } from '@shared/api/media-values';
import { dispatchAsStep } from '../../editor/core/undo-step';
import { cleanImageAttrs, defaultImageAttrs, safeImageSrc, type ImageAttrs } from '@shared/document/html/image-html';
import { imageAttrsOf } from '@shared/document/model/image-model';
import { editorOptionsOf } from '@shared/document/model/model-options';
import { imageStyleClasses } from '@shared/document/model/validators';

export type { ImageAttrs } from '@shared/document/html/image-html';

/** The selected image and its position, or null when the selection is not one image. */
export function selectedImage(editor: Editor): { pos: number; attrs: ImageAttrs } | null {
  const { selection } = editor.state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== MediaNodes.image.node) return null;
  return { pos: selection.from, attrs: imageAttrsOf(selection.node) };
}

/** Changes attributes of the selected image (one undo step); the image stays selected. */
export function updateImage(editor: Editor, attrs: Partial<ImageAttrs>): boolean {
  const hit = selectedImage(editor);
  if (!hit) return false;
  const next = cleanImageAttrs({ ...hit.attrs, ...attrs }, imageStyleClasses(editorOptionsOf(editor)));
  if (!next.src) return false;
  const node = editor.state.doc.nodeAt(hit.pos);
  if (!node) return false;
  // Attributes other capabilities add to the node (the link copy of image edit) are kept.
  const tr = editor.state.tr.setNodeMarkup(hit.pos, undefined, { ...node.attrs, ...next }, node.marks);
  tr.setSelection(NodeSelection.create(tr.doc, hit.pos));
  dispatchAsStep(editor, tr);
  return true;
}

/**
 * Inserts an image at `pos` (default: the selection) with the defaults (300 px, centred, block) under
 * the given attributes; refused when `src` is not http(s) or our /uploads/ path.
 */
export function insertImage(editor: Editor, attrs: Partial<ImageAttrs> & { src: string }, pos?: number): boolean {
  const src = safeImageSrc(attrs.src);
  if (!src) return false;
  const styles = imageStyleClasses(editorOptionsOf(editor));
  const content = { type: MediaNodes.image.node, attrs: defaultImageAttrs(src, styles, attrs) };
  return pos === undefined
    ? editor.chain().focus().insertContent(content).run()
    : editor.chain().insertContentAt(pos, content).run();
}
