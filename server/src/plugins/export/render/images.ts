import { parseLength } from '@shared/document/html/image-html';

/** An upload's image, read by the server and handed to a renderer (PNG or JPEG bytes, intrinsic pixels). */
export interface ExportImage {
  data: Uint8Array;
  format: 'png' | 'jpeg';
  width: number;
  height: number;
}

/** Images of one export by their `src` as the document stores it; a `src` not here is drawn as a placeholder. */
export type ExportImages = Readonly<Record<string, ExportImage>>;

/**
 * The drawn size of an image in CSS pixels: its `width`/`height` attributes (px, or % of the available
 * width), the intrinsic size where they are absent (keeping the aspect ratio), never wider than `maxWidth`.
 */
export function imageSizePx(
  width: string | null,
  height: string | null,
  intrinsic: { width: number; height: number } | null,
  maxWidth: number,
): { width: number; height: number } {
  const ratio = intrinsic && intrinsic.width > 0 ? intrinsic.height / intrinsic.width : 0.75;
  const w = parseLength(width);
  const h = parseLength(height);
  let drawnWidth = w ? (w.unit === '%' ? (maxWidth * w.amount) / 100 : w.amount) : (intrinsic?.width ?? 300);
  let drawnHeight = h && h.unit === 'px' ? h.amount : drawnWidth * ratio;
  if (!w && h && h.unit === 'px') drawnWidth = drawnHeight / ratio;
  if (drawnWidth > maxWidth) {
    drawnHeight *= maxWidth / drawnWidth;
    drawnWidth = maxWidth;
  }
  return { width: Math.max(1, drawnWidth), height: Math.max(1, drawnHeight) };
}
