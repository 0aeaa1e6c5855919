import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import {
  absolutePositionToRelativePosition,
  relativePositionToAbsolutePosition,
  ySyncPluginKey,
} from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { MediaNodes } from '@shared/api/media-values';
import { dispatchAsStep } from '../../editor/core/undo-step';

/** Which picture the advanced editor was opened on: where it was, and what it showed. */
export interface EditedImage {
  pos: number;
  src: string;
  uploadId: string | null;
}

/** Where the edited picture is now, or why it cannot take the result. */
export type EditTarget = { status: 'found'; pos: number } | { status: 'deleted' } | { status: 'replaced' };

const isImage = (node: PmNode | null | undefined): node is PmNode => node?.type.name === MediaNodes.image.node;

const shows = (node: PmNode | null | undefined, image: EditedImage): boolean =>
  isImage(node) && node.attrs.src === image.src && (node.attrs.uploadId ?? null) === image.uploadId;

type SyncMapping = Parameters<typeof absolutePositionToRelativePosition>[2];

/** The shared document, its fragment and the binding's node mapping (null without collaboration). */
function syncOf(editor: Editor): { doc: Y.Doc; type: Y.XmlFragment; mapping: SyncMapping } | null {
  const state: unknown = ySyncPluginKey.getState(editor.state);
  if (typeof state !== 'object' || state === null) return null;
  const { doc, type, binding } = state as { doc?: unknown; type?: unknown; binding?: { mapping?: SyncMapping } };
  if (!(doc instanceof Y.Doc) || !(type instanceof Y.XmlFragment) || !binding?.mapping) return null;
  return { doc, type, mapping: binding.mapping };
}

/**
 * Follows the image while the editor is open: through a Yjs relative position (a remote change makes
 * the binding rewrite the whole document, which positions cannot be mapped through), else through this
 * editor's transactions. `resolveEditTarget` also looks the picture up by what it shows.
 */
export function trackEditedImage(editor: Editor, image: EditedImage): { current: () => EditedImage; stop: () => void } {
  let pos = image.pos;
  const sync = syncOf(editor);
  const relative: unknown = sync ? absolutePositionToRelativePosition(image.pos, sync.type, sync.mapping) : null;
  const map = ({ transaction }: { transaction: Transaction }): void => {
    pos = transaction.mapping.map(pos, -1);
  };
  editor.on('transaction', map);
  const current = (): EditedImage => {
    const now = sync && relative ? syncOf(editor) : null;
    const resolved = now ? relativePositionToAbsolutePosition(now.doc, now.type, relative, now.mapping) : null;
    return { ...image, pos: resolved ?? pos };
  };
  return { current, stop: () => editor.off('transaction', map) };
}

/**
 * The image that should receive the edited picture: the one at the tracked position if it still shows
 * the same picture, else the nearest image that does. None: another author deleted it, or replaced its
 * picture (an image with another picture stands where it was).
 */
export function resolveEditTarget(doc: PmNode, image: EditedImage): EditTarget {
  const at = image.pos >= 0 && image.pos < doc.content.size ? doc.nodeAt(image.pos) : null;
  if (shows(at, image)) return { status: 'found', pos: image.pos };
  let nearest: number | null = null;
  doc.descendants((node, pos) => {
    if (shows(node, image) && (nearest === null || Math.abs(pos - image.pos) < Math.abs(nearest - image.pos)))
      nearest = pos;
    return !isImage(node);
  });
  if (nearest !== null) return { status: 'found', pos: nearest };
  return isImage(at) ? { status: 'replaced' } : { status: 'deleted' };
}

/** Width ÷ height, or null when unknown. */
const ratio = (size: { width: number; height: number } | null): number | null =>
  size && size.width > 0 && size.height > 0 ? size.width / size.height : null;

/**
 * Attributes of the image showing the edited picture: everything kept (caption, alignment, width, alt,
 * link, styles) but the picture; a fixed height is dropped when the proportions changed (a crop, a
 * quarter turn), so the picture is not stretched.
 */
export function editedImageAttrs(
  attrs: Record<string, unknown>,
  upload: { src: string; uploadId: string },
  sizes: { before: { width: number; height: number } | null; after: { width: number; height: number } | null },
): Record<string, unknown> {
  const before = ratio(sizes.before);
  const after = ratio(sizes.after);
  const reshaped = before !== null && after !== null && Math.abs(before - after) > 0.01;
  return {
    ...attrs,
    src: upload.src,
    uploadId: upload.uploadId,
    ...(reshaped && attrs.height !== null ? { height: null } : {}),
  };
}

/**
 * Puts the uploaded picture into the edited image in one transaction (one undo step, seen by every
 * author at once). Returns the conflict instead when the image is gone or shows another picture.
 */
export function replaceEditedImage(
  editor: Editor,
  image: EditedImage,
  upload: { src: string; uploadId: string },
  sizes: { before: { width: number; height: number } | null; after: { width: number; height: number } | null },
): EditTarget {
  const target = resolveEditTarget(editor.state.doc, image);
  if (target.status !== 'found') return target;
  const node = editor.state.doc.nodeAt(target.pos);
  if (!node) return { status: 'deleted' };
  const tr = editor.state.tr.setNodeMarkup(target.pos, undefined, editedImageAttrs(node.attrs, upload, sizes));
  dispatchAsStep(editor, tr);
  return target;
}
