import type { Schema } from '@tiptap/pm/model';
import { MediaNodes } from '@shared/api/media-values';
import type { UploadKind } from '@shared/api/media';

const nodeOfKind: Record<UploadKind, string> = {
  image: MediaNodes.image.node,
  video: MediaNodes.video.node,
  file: MediaNodes.file.node,
};

/** Which upload a dropped or pasted file becomes (by its declared type; the server checks the bytes). */
export function kindOfFile(file: Blob): UploadKind {
  const type = file.type.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/') || type.startsWith('audio/')) return 'video';
  return 'file';
}

/** The kind a file becomes in this editor, falling back to a file link when the node is missing. */
export function routedKind(schema: Schema, file: Blob): UploadKind | null {
  const kind = kindOfFile(file);
  if (schema.nodes[nodeOfKind[kind]]) return kind;
  return schema.nodes[nodeOfKind.file] ? 'file' : null;
}

/** Fetchable pictures in clipboard HTML (then the HTML route wins over the clipboard's files). */
export const fetchableImg = /<img[^>]+src\s*=\s*["']?\s*(?:https?:|data:)/i;
