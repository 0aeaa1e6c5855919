import type { Editor, JSONContent } from '@tiptap/core';
import type { UploadKind, UploadResponse } from '@shared/api/media';
import type { CapabilityContext } from '../../editor/core/capability';
import { fetchRemoteImage, sendUpload } from './upload-api';
import { precheckUpload } from './upload-precheck';
import { startJob, type Amend, type StartedUpload } from './upload-manager';
import { imageNodeFromUpload, remoteName } from './upload-nodes';
import { notStarted } from './upload-registry';
import { showUploadError } from './upload-errors';

// For a panel that uploads on its own (the files manager, through index.ts's loadUploadCode).
export { sendUpload } from './upload-api';
export { uploadErrorText } from './upload-toasts';

/** What to upload and where (`startUpload`). */
export interface UploadOptions {
  kind: UploadKind;
  file: File;
  pos?: number;
  toNode: (r: UploadResponse) => JSONContent;
  /** Edits made in the insertion's own transaction (one change for other authors and for undo). */
  amend?: Amend;
  /** Adopt a placeholder already in the document (paste) instead of inserting one. */
  existingKey?: string;
  tag?: string;
}

/**
 * Inserts an `uploadPlaceholder` at `pos` (default: the selection), uploads, updates its progress in the
 * shared doc (throttled), then replaces it with `toNode(response)`; on error removes it and shows the
 * translated message (toast via `showUploadError`); Escape in the editor cancels this client's newest upload.
 */
export function startUpload(
  editor: Editor,
  context: CapabilityContext,
  opts: UploadOptions,
): { cancel(): void; done: Promise<boolean> } {
  const refused = precheckUpload(opts.kind, opts.file, context.uploads);
  if (refused) {
    showUploadError(editor, refused);
    return notStarted(editor, opts.existingKey);
  }
  const session = context.session;
  if (!session) {
    showUploadError(editor, 'UNAUTHORIZED');
    return notStarted(editor, opts.existingKey);
  }
  const started: StartedUpload = startJob(editor, {
    kind: opts.kind,
    name: opts.file.name,
    pos: opts.pos,
    existingKey: opts.existingKey,
    preview: opts.kind === 'image' ? opts.file : undefined,
    toNode: opts.toNode,
    amend: opts.amend,
    send: (onProgress, signal) =>
      sendUpload({
        session,
        kind: opts.kind,
        file: opts.file,
        fileName: opts.file.name,
        tag: opts.tag,
        onProgress,
        signal,
      }),
  });
  return { cancel: started.cancel, done: started.done };
}

/**
 * Has the server fetch a remote image into this document (paste of a remote picture, insert by URL),
 * with a placeholder meanwhile; the image then points at our own copy.
 */
export interface RemoteImageOptions {
  url: string;
  pos?: number;
  existingKey?: string;
  alt?: string;
}

export function startRemoteImage(
  editor: Editor,
  context: CapabilityContext,
  opts: RemoteImageOptions,
): { cancel(): void; done: Promise<boolean> } {
  const session = context.session;
  if (!session) {
    showUploadError(editor, 'UNAUTHORIZED');
    return notStarted(editor, opts.existingKey);
  }
  const started = startJob(editor, {
    kind: 'image',
    name: remoteName(opts.url),
    pos: opts.pos,
    existingKey: opts.existingKey,
    toNode: (r) => imageNodeFromUpload(r, opts.alt ?? ''),
    send: (onProgress, signal) =>
      fetchRemoteImage({ session, url: opts.url, signal }).then((r) => {
        onProgress(1);
        return r;
      }),
  });
  return { cancel: started.cancel, done: started.done };
}
