import type { Editor } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import type { CapabilityContext } from '../../editor/core/capability';
import { chunk } from '../../editor/core/lazy';
import { showUploadError } from './upload-errors';
import { precheckUpload } from './upload-precheck';
import { notStarted, uploadSessionOf } from './upload-registry';
import type { RemoteImageOptions, UploadOptions } from './upload-start';

/** The upload code (requests, queue, progress, placeholder swap): fetched by the first upload. */
const uploadCode = chunk(() => import('./upload-start'));

export type UploadCode = typeof import('./upload-start');
/** The upload code, for a panel that uploads on its own (the files manager: request and error texts). */
export const loadUploadCode = uploadCode.load;
/** The upload code once it is there, else null. */
export const uploadCodeLoaded = uploadCode.loaded;

type Started = { cancel(): void; done: Promise<boolean> };

/** Follows a document position through the transactions made while the upload code loads. */
function trackPos(editor: Editor, pos: number | undefined): { at: () => number | undefined; stop: () => void } {
  if (pos === undefined) return { at: () => undefined, stop: () => undefined };
  let at = pos;
  const map = ({ transaction }: { transaction: Transaction }): void => {
    at = transaction.mapping.map(at);
  };
  editor.on('transaction', map);
  return { at: () => at, stop: () => editor.off('transaction', map) };
}

/** Runs `start` with the upload code: at once when it is there, else as soon as it has loaded. */
function withUploadCode(
  editor: Editor,
  opts: { pos?: number; existingKey?: string },
  start: (code: typeof import('./upload-start'), pos: number | undefined) => Started,
): Started {
  const loaded = uploadCode.loaded();
  if (loaded) return start(loaded, opts.pos);
  const pos = trackPos(editor, opts.pos);
  let cancelled = false;
  let started: Started | null = null;
  const done = uploadCode.load().then(
    (code) => {
      pos.stop();
      if (editor.isDestroyed) return false;
      if (cancelled) {
        if (opts.existingKey) uploadSessionOf(editor).reserved.delete(opts.existingKey);
        return false;
      }
      started = start(code, pos.at());
      return started.done;
    },
    (error: unknown) => {
      pos.stop();
      console.error('[tandem] the upload code could not be loaded', error);
      showUploadError(editor, 'NETWORK');
      // A pasted placeholder waiting for this upload goes too.
      if (!editor.isDestroyed) notStarted(editor, opts.existingKey);
      return false;
    },
  );
  return {
    cancel: () => {
      cancelled = true;
      started?.cancel();
    },
    done,
  };
}

/**
 * Uploads a file behind a placeholder (see upload-start.ts). The client-side checks answer at once; the
 * upload code is fetched on the first upload, so the placeholder may appear a moment later.
 */
export function startUpload(editor: Editor, context: CapabilityContext, opts: UploadOptions): Started {
  const refused = precheckUpload(opts.kind, opts.file, context.uploads);
  if (refused) {
    showUploadError(editor, refused);
    return notStarted(editor, opts.existingKey);
  }
  return withUploadCode(editor, opts, (code, pos) => code.startUpload(editor, context, { ...opts, pos }));
}

/** Has the server fetch a remote image into this document (see upload-start.ts), loading the upload code first. */
export function startRemoteImage(editor: Editor, context: CapabilityContext, opts: RemoteImageOptions): Started {
  return withUploadCode(editor, opts, (code, pos) => code.startRemoteImage(editor, context, { ...opts, pos }));
}

/** Fetches the upload code ahead of an upload that is about to start (a file chooser opened). */
export const preloadUploadCode = uploadCode.preload;
