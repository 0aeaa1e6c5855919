import * as Y from 'yjs';
import { ImageMedia } from '@shared/document/model/media-nodes';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { ExportLimits, ImageLimits } from '@shared/limits';
import { loadSharp } from '../../domain/media/image';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { MediaStore } from '../../infra/storage/store';
import type { ExportImage, ExportImages } from './render/images';

/**
 * The images a PDF or .docx export embeds: only uploads of this server, read from the upload store by their
 * stored name (never fetched over the network, so a document cannot make the server request an address).
 * Any other `src` (remote, unknown, unreadable, over the limits) is drawn as a placeholder with its alt text.
 */

/** The distinct image addresses of a document (at most `max`), read from its Y.Doc. */
export function imageSources(doc: Y.Doc, max: number): string[] {
  const found = new Set<string>();
  const walker = doc
    .getXmlFragment(YDocKeys.content)
    .createTreeWalker((node) => node instanceof Y.XmlElement && node.nodeName === ImageMedia.node);
  for (const node of walker) {
    if (found.size >= max) break;
    const src: unknown = node instanceof Y.XmlElement ? node.getAttribute(ImageMedia.urlAttr) : null;
    if (typeof src === 'string' && src !== '') found.add(src);
  }
  return [...found];
}

const STORED = /^\/uploads\/([a-z0-9][a-z0-9._-]{0,127})$/;

/** The stored name an image address points at: `/uploads/<name>`, on its own or on one of our `origins`. */
export function storedNameOf(src: string, origins: readonly string[]): string | null {
  let path = src;
  if (!src.startsWith('/uploads/')) {
    let url: URL;
    try {
      url = new URL(src);
    } catch {
      return null;
    }
    if (!origins.includes(url.origin) || url.search !== '' || url.hash !== '') return null;
    path = url.pathname;
  }
  const name = STORED.exec(path)?.[1];
  return name && !name.includes('..') ? name : null;
}

async function readImage(blobs: Pick<BlobStore, 'read'>, media: MediaStore, name: string): Promise<ExportImage | null> {
  const blob = await media.getBlobByStoredName(name);
  if (!blob) return null;
  const mime = blob.thumbName === name ? 'image/webp' : blob.mime;
  if (!mime.startsWith('image/')) return null;
  const data = await blobs.read(name);
  if (!data) return null;
  if ((mime === 'image/png' || mime === 'image/jpeg') && blob.thumbName !== name && blob.width && blob.height) {
    return { data, format: mime === 'image/png' ? 'png' : 'jpeg', width: blob.width, height: blob.height };
  }
  // GIF and WebP (no PDF or Word form of their own): the first frame as PNG, decoded off the event loop.
  const sharp = await loadSharp();
  const { data: png, info } = await sharp(data, { limitInputPixels: ImageLimits.maxInputPixels })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data: png, format: 'png', width: info.width, height: info.height };
}

/** The upload images of an export, by their `src`; what cannot be read is left out (a placeholder). */
export async function loadExportImages(
  sources: readonly string[],
  origins: readonly string[],
  blobs: Pick<BlobStore, 'read'>,
  media: MediaStore,
): Promise<ExportImages> {
  const images: Record<string, ExportImage> = {};
  let bytes = 0;
  for (const src of sources) {
    const name = storedNameOf(src, origins);
    if (!name) continue;
    let image: ExportImage | null;
    try {
      image = await readImage(blobs, media, name);
    } catch {
      image = null;
    }
    if (!image || bytes + image.data.byteLength > ExportLimits.maxImageBytes) continue;
    bytes += image.data.byteLength;
    images[src] = image;
  }
  return images;
}
