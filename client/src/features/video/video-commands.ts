import type { Editor, JSONContent } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import type { UploadResponse } from '@shared/api/media';
import type { ErrorCode } from '@shared/errors';
import { VideoLimits } from '@shared/limits';
import type { CapabilityContext } from '../../editor/core/capability';
import { precheckUpload, startUpload, videoNodeFromUpload } from '../uploads';
import { parseEmbedCode } from './video-embed';
import { typedLength, type VideoAttrs } from '@shared/document/html/video-html';
import { readVideoAttrs } from '@shared/document/model/video-model';
import { parseVideoUrl } from '@shared/document/model/video-url';

export type VideoError = ErrorCode;

/** The `accept` of the upload input: the allowed extensions and the media families. */
export const VIDEO_ACCEPT = [...VideoLimits.allowedTypes.map((t) => `.${t}`), 'video/*', 'audio/*'].join(',');

/** The video selected in the editor (a node selection), with its position. */
export function selectedVideo(editor: Editor): { pos: number; attrs: VideoAttrs } | null {
  const { selection } = editor.state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'video') return null;
  return { pos: selection.from, attrs: readVideoAttrs(selection.node.attrs) };
}

/** Placement and size kept when a selected video is replaced. */
function keptAttrs(editor: Editor): Partial<VideoAttrs> {
  const current = selectedVideo(editor);
  if (!current) return {};
  const { width, height, align, display } = current.attrs;
  return { width, height, align, display };
}

/** Inserts (or replaces the selected video with) the video of a pasted address; the refusal code otherwise. */
export function insertVideoByUrl(editor: Editor, url: string): VideoError | null {
  const result = parseVideoUrl(url);
  if (!result.ok) return result.error;
  const kept = keptAttrs(editor);
  editor
    .chain()
    .focus()
    .insertVideo({ ...kept, src: result.src, kind: result.kind, uploadId: null })
    .run();
  return null;
}

/** Inserts (or replaces with) the iframe of pasted embed code; VIDEO_EMBED_REJECTED otherwise. */
export function insertVideoByEmbed(editor: Editor, code: string): VideoError | null {
  const result = parseEmbedCode(code);
  if (!result.ok) return result.error;
  const kept = keptAttrs(editor);
  const size = selectedVideo(editor) ? {} : { ...(result.width ? { width: result.width } : {}), height: result.height };
  editor
    .chain()
    .focus()
    .insertVideo({ ...kept, ...size, src: result.src, kind: 'iframe', uploadId: null })
    .run();
  return null;
}

/**
 * Uploads a video or audio file behind a placeholder every author sees; replacing a selected video
 * removes it first and keeps its placement. Returns the client-side refusal code, if any.
 */
export function uploadVideo(editor: Editor, context: CapabilityContext, file: File): VideoError | null {
  const refused = precheckUpload('video', file, context.uploads);
  if (refused) return refused;
  const current = selectedVideo(editor);
  // Read before the removal: the selection is gone afterwards.
  const placement = keptAttrs(editor);
  if (current) editor.chain().focus().removeVideo().run();
  startUpload(editor, context, {
    kind: 'video',
    file,
    pos: current?.pos,
    toNode: (r: UploadResponse): JSONContent => {
      const node = videoNodeFromUpload(r);
      return { ...node, attrs: { ...node.attrs, ...placement } };
    },
  });
  return null;
}

/** "Change Size": each field follows the image rule (`^\d+(px|%)*$` kept, else cleared). */
export function resizeVideo(editor: Editor, width: string, height: string): boolean {
  return editor
    .chain()
    .focus()
    .updateVideo({ width: typedLength(width), height: typedLength(height) })
    .run();
}
