import type { JSONContent } from '@tiptap/core';
import { MediaNodes } from '@shared/api/media-values';
import type { UploadKind, UploadResponse } from '@shared/api/media';
import { readFileAttrs } from '@shared/document/model/file-model';
import { defaultImageAttrs } from '@shared/document/html/image-html';
import { isStorableUrl } from '@shared/document/model/validators';
import { defaultVideoAttrs } from '@shared/document/html/video-html';

function checkedLink(r: UploadResponse): string {
  if (!isStorableUrl(r.link)) throw new Error('refused link');
  return r.link;
}

/** The `image` node for an upload answer: default width, centred, on its own line. */
export function imageNodeFromUpload(r: UploadResponse, alt = ''): JSONContent {
  return { type: MediaNodes.image.node, attrs: defaultImageAttrs(checkedLink(r), [], { alt, uploadId: r['data-id'] }) };
}

/** The `video` node for an uploaded video or audio file. */
export function videoNodeFromUpload(r: UploadResponse): JSONContent {
  return { type: MediaNodes.video.node, attrs: defaultVideoAttrs(checkedLink(r), 'file', { uploadId: r['data-id'] }) };
}

/** The `file` node (link with icon, name and size) for an uploaded file. */
export function fileNodeFromUpload(r: UploadResponse): JSONContent {
  const attrs = { href: checkedLink(r), name: r['data-name'], size: r['data-size'], mime: r['data-type'] };
  return { type: MediaNodes.file.node, attrs: readFileAttrs({ ...attrs, uploadId: r['data-id'] }) };
}

export const nodeFromUpload: Record<UploadKind, (r: UploadResponse) => JSONContent> = {
  image: (r) => imageNodeFromUpload(r),
  video: videoNodeFromUpload,
  file: fileNodeFromUpload,
};

/** The file name shown for a remote image while the server fetches it. */
export function remoteName(url: string): string {
  try {
    const parsed = new URL(url);
    const last = parsed.pathname.split('/').filter(Boolean).pop();
    return decodeURIComponent(last ?? parsed.hostname) || parsed.hostname;
  } catch {
    return url.slice(0, 80);
  }
}
