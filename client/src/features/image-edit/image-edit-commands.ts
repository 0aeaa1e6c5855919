import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, TextSelection, type EditorState } from '@tiptap/pm/state';
import { MediaNodes } from '@shared/api/media-values';
import { cleanImageAttrs, type ImageAlign, type ImageAttrs, type ImageDisplay } from '@shared/document/html/image-html';
import { editorOptionsOf } from '@shared/document/model/model-options';
import { imageStyleClasses } from '@shared/document/model/validators';
import { imageAttrsOf as readImage } from '@shared/document/model/image-model';
import { parseImageSize } from './image-size';
import { toggleImageStyle } from './image-styles';
import { closeUndoGroup, dispatchAsStep } from '../../editor/core/undo-step';

export { closeUndoGroup, dispatchAsStep };

export type { ImageAlign, ImageAttrs, ImageDisplay };

export interface SelectedImage {
  pos: number;
  node: PmNode;
  attrs: ImageAttrs;
}

/** The image's attributes read through the model's validators. */
export function imageAttrsOf(node: PmNode): ImageAttrs {
  return readImage(node);
}

export function isImageNode(node: PmNode | null | undefined): node is PmNode {
  return node?.type.name === MediaNodes.image.node;
}

/** The image the selection holds (a NodeSelection of an `image`), or null. */
export function selectedImage(state: EditorState): SelectedImage | null {
  const { selection } = state;
  if (!(selection instanceof NodeSelection) || !isImageNode(selection.node)) return null;
  return { pos: selection.from, node: selection.node, attrs: imageAttrsOf(selection.node) };
}

/**
 * Changes the selected image in one transaction (one undo step); the image stays selected.
 * False when no image is selected or nothing would change.
 */
export function updateSelectedImage(editor: Editor, attrs: Partial<ImageAttrs>): boolean {
  const image = selectedImage(editor.state);
  if (!image) return false;
  // Only values the model accepts are written (an over-long alt is cut, an unknown style dropped).
  const next = cleanImageAttrs({ ...image.attrs, ...attrs }, imageStyleClasses(editorOptionsOf(editor)));
  const changed = (Object.keys(attrs) as (keyof ImageAttrs)[]).filter((k) => next[k] !== image.attrs[k]);
  if (changed.length === 0) return false;
  const tr = editor.state.tr;
  // Attribute steps keep the node (and so the NodeSelection) in place.
  for (const key of changed) tr.setNodeAttribute(image.pos, key, next[key]);
  dispatchAsStep(editor, tr);
  return true;
}

export const setImageAlign = (editor: Editor, align: ImageAlign): boolean => updateSelectedImage(editor, { align });

export const setImageDisplay = (editor: Editor, display: ImageDisplay): boolean =>
  updateSelectedImage(editor, { display });

export const setImageAlt = (editor: Editor, alt: string): boolean => updateSelectedImage(editor, { alt });

/** Sets the caption's text (one undo step); '' keeps an empty caption, which shows its placeholder. */
export const setImageCaption = (editor: Editor, caption: string): boolean => updateSelectedImage(editor, { caption });

/** Caption on ('' shows the node view's placeholder) or off (null). Returns whether it is on now. */
export function toggleImageCaption(editor: Editor): boolean {
  const image = selectedImage(editor.state);
  if (!image) return false;
  const on = image.attrs.caption === null;
  updateSelectedImage(editor, { caption: on ? '' : null });
  return on;
}

export function toggleSelectedImageStyle(
  editor: Editor,
  style: string,
  styles: readonly string[],
  multiple: boolean,
): boolean {
  const image = selectedImage(editor.state);
  if (!image) return false;
  return updateSelectedImage(editor, { classes: toggleImageStyle(image.attrs.classes, style, styles, multiple) });
}

/** Applies the Width/Height fields with Froala's rule: a value that does not match clears its dimension. */
export function setImageSize(editor: Editor, width: string, height: string): boolean {
  return updateSelectedImage(editor, { width: parseImageSize(width), height: parseImageSize(height) });
}

export function removeSelectedImage(editor: Editor): boolean {
  const image = selectedImage(editor.state);
  if (!image) return false;
  const tr = editor.state.tr.delete(image.pos, image.pos + image.node.nodeSize);
  dispatchAsStep(editor, tr);
  return true;
}

/** Puts the caret before or after the selected image (deselects it). */
export function caretBesideImage(editor: Editor, side: 'before' | 'after'): boolean {
  const image = selectedImage(editor.state);
  if (!image) return false;
  const at = side === 'before' ? image.pos : image.pos + image.node.nodeSize;
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, at)).scrollIntoView());
  return true;
}

/** Enter on a selected image: a line break before it; the image stays selected. */
export function insertBreakBeforeImage(editor: Editor): boolean {
  const image = selectedImage(editor.state);
  const hardBreak = editor.schema.nodes.hardBreak;
  if (!image || !hardBreak) return false;
  const tr = editor.state.tr.insert(image.pos, hardBreak.create());
  tr.setSelection(NodeSelection.create(tr.doc, image.pos + 1)).scrollIntoView();
  dispatchAsStep(editor, tr);
  return true;
}

/** The href of the link mark on the selected image, or null. */
export function imageLinkHref(image: SelectedImage): string | null {
  const mark = image.node.marks.find((m) => m.type.name === 'link');
  const href: unknown = mark?.attrs.href;
  return typeof href === 'string' && href !== '' ? href : null;
}

/** Removes the link from the selected image only (its `<a>` goes, the image stays selected). */
export function unlinkSelectedImage(editor: Editor): boolean {
  const image = selectedImage(editor.state);
  const type = editor.schema.marks.link;
  if (!image || !type || !type.isInSet(image.node.marks)) return false;
  const tr = editor.state.tr.removeMark(image.pos, image.pos + image.node.nodeSize, type);
  tr.setSelection(NodeSelection.create(tr.doc, image.pos));
  dispatchAsStep(editor, tr);
  return true;
}

/** Selects the image at `pos` again (after a form moved the caret); false when it is not there. */
export function reselectImage(editor: Editor, pos: number): boolean {
  if (pos < 0 || pos > editor.state.doc.content.size || !isImageNode(editor.state.doc.nodeAt(pos))) return false;
  editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, pos)));
  return true;
}
