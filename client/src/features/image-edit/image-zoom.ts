import type { Editor } from '@tiptap/core';
import { dispatchAsStep, selectedImage } from './image-edit-commands';
import { zoomedSize } from './image-size';

function measure(editor: Editor, pos: number): { renderedPx: number; containerPx: number } {
  const dom = editor.view.nodeDOM(pos);
  const element = dom instanceof HTMLElement ? dom : null;
  return {
    renderedPx: element?.getBoundingClientRect().width ?? 0,
    containerPx: element?.parentElement?.clientWidth ?? editor.view.dom.clientWidth,
  };
}

/** Mod-= / Mod--: grows or shrinks the selected image's width (height with it), one undo step each. */
export function zoomSelectedImage(editor: Editor, direction: 1 | -1): boolean {
  const image = selectedImage(editor.state);
  if (!image) return false;
  // Presses in a row (same image, same direction, untouched since) accelerate; no clock involved.
  const last = editor.storage.imageEditKeys.lastZoom;
  const repeat =
    last && last.pos === image.pos && last.direction === direction && last.width === image.attrs.width
      ? last.repeat + 1
      : 0;
  const next = zoomedSize({
    width: image.attrs.width,
    height: image.attrs.height,
    direction,
    repeat,
    ...measure(editor, image.pos),
  });
  // At the limit the key is still ours: the browser must not zoom the page instead.
  if (!next) return true;
  const tr = editor.state.tr.setNodeAttribute(image.pos, 'width', next.width);
  if (next.height !== image.attrs.height) tr.setNodeAttribute(image.pos, 'height', next.height);
  dispatchAsStep(editor, tr);
  editor.storage.imageEditKeys.lastZoom = { pos: image.pos, width: next.width, direction, repeat };
  return true;
}
