import type { Editor, JSONContent } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import { MediaNodes } from '@shared/api/media-values';
import type { UploadKind, UploadResponse } from '@shared/api/media';
import type { ErrorCode } from '@shared/errors';
import { UploadLimits } from '@shared/limits';
import { UploadError } from './upload-api';
import { findPlaceholder, newUploadKey, registerUploadJobs, releaseKey, removePlaceholder } from './upload-registry';
import { clientIdOf } from './upload-session';
import { showUploadError } from './upload-errors';

/** Progress is written into the shared doc at most every this many percent … */
const PROGRESS_STEP = 10;
/** … or after this long with any change, whichever comes first. */
const PROGRESS_MS = 250;

export type Sender = (onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<UploadResponse>;

/** Changes made in the same transaction as the uploaded node's insertion (at `insertedAt`), e.g. removing the image it replaces. */
export type Amend = (tr: Transaction, insertedAt: number) => void;

export interface PlaceholderAttrs {
  key: string;
  kind: UploadKind;
  name: string;
  progress: number;
  clientId: number;
  startedAt: number;
}

interface Job {
  key: string;
  editor: Editor;
  send: Sender;
  toNode: (r: UploadResponse) => JSONContent;
  amend: Amend | undefined;
  abort: AbortController;
  seq: number;
  started: boolean;
  finished: boolean;
  progressTimer: ReturnType<typeof setTimeout> | undefined;
  /** Object URL of the local preview (images only, never in the document). */
  preview: string | null;
  resolve: (inserted: boolean) => void;
}

const jobs = new Map<string, Job>();
const queue: Job[] = [];
let running = 0;
let seq = 0;

/** Whether this client runs or queues the upload behind a placeholder key. */
function hasJob(key: string): boolean {
  return jobs.has(key);
}

/** The local preview URL of an image upload of this client, if any. */
function localPreview(key: string): string | null {
  return jobs.get(key)?.preview ?? null;
}

/** Keys of this editor's unfinished uploads, oldest first. */
export function localUploadKeys(editor: Editor): string[] {
  return [...jobs.values()].filter((j) => j.editor === editor && !j.finished).map((j) => j.key);
}

function setProgress(editor: Editor, key: string, progress: number): void {
  if (editor.isDestroyed) return;
  const hit = findPlaceholder(editor.state.doc, key);
  if (!hit || hit.node.attrs.progress === progress) return;
  const tr = editor.state.tr
    .setNodeMarkup(hit.pos, undefined, { ...hit.node.attrs, progress })
    .setMeta('addToHistory', false);
  editor.view.dispatch(tr);
}

/** Inserts a placeholder at `pos` (default: after the selection) without entering the undo history. */
export function insertPlaceholder(editor: Editor, attrs: PlaceholderAttrs, pos?: number): boolean {
  const at = Math.min(Math.max(pos ?? editor.state.selection.to, 0), editor.state.doc.content.size);
  return editor
    .chain()
    .command(({ tr }) => {
      tr.setMeta('addToHistory', false);
      return true;
    })
    .insertContentAt(at, { type: MediaNodes.placeholder.node, attrs }, { updateSelection: false })
    .run();
}

/** Replaces the placeholder by the uploaded node: the removal stays out of the history, the insert is undoable. */
function replacePlaceholder(editor: Editor, key: string, content: JSONContent, amend?: Amend): boolean {
  if (editor.isDestroyed) return false;
  const hit = findPlaceholder(editor.state.doc, key);
  if (!hit) return false;
  // Two transactions: undoing the insert must not bring the placeholder back.
  removePlaceholder(editor, key);
  return editor
    .chain()
    .insertContentAt(hit.pos, content, { updateSelection: false })
    .command(({ tr }) => {
      amend?.(tr, hit.pos);
      return true;
    })
    .run();
}

function finish(job: Job, inserted: boolean): void {
  if (job.finished) return;
  job.finished = true;
  jobs.delete(job.key);
  clearTimeout(job.progressTimer);
  if (job.preview) URL.revokeObjectURL(job.preview);
  // A cancelled upload frees its slot at once, whether or not its request has settled yet.
  if (job.started) running--;
  job.resolve(inserted);
  pump();
}

function pump(): void {
  while (running < UploadLimits.clientConcurrency && queue.length > 0) {
    const job = queue.shift();
    if (job && !job.finished) void run(job);
  }
}

async function run(job: Job): Promise<void> {
  job.started = true;
  running++;
  let last = 0;
  let lastAt = Date.now();
  const write = (pct: number): void => {
    clearTimeout(job.progressTimer);
    job.progressTimer = undefined;
    last = pct;
    lastAt = Date.now();
    if (!job.finished) setProgress(job.editor, job.key, pct);
  };
  const onProgress = (fraction: number): void => {
    // 99 % at most until the answer is in: the server still has to check and store the file.
    const pct = Math.min(99, Math.max(0, Math.floor(fraction * 100)));
    if (pct === last) return;
    if (pct - last >= PROGRESS_STEP || Date.now() - lastAt >= PROGRESS_MS) write(pct);
    else {
      // A skipped value is written a little later, so the bar never stalls below the real progress.
      clearTimeout(job.progressTimer);
      job.progressTimer = setTimeout(() => write(pct), PROGRESS_MS);
    }
  };
  let response: UploadResponse;
  try {
    response = await job.send(onProgress, job.abort.signal);
  } catch (error) {
    if (job.finished) return;
    removePlaceholder(job.editor, job.key);
    const code: ErrorCode | 'NETWORK' | 'ABORTED' = error instanceof UploadError ? error.code : 'NETWORK';
    if (code !== 'ABORTED') showUploadError(code);
    finish(job, false);
    return;
  }
  if (job.finished) return;
  let content: JSONContent | null;
  try {
    content = job.toNode(response);
  } catch {
    content = null;
  }
  const inserted = content !== null && replacePlaceholder(job.editor, job.key, content, job.amend);
  if (!inserted) removePlaceholder(job.editor, job.key);
  finish(job, inserted);
}

export interface StartedUpload {
  key: string;
  cancel(): void;
  done: Promise<boolean>;
}

/**
 * Runs `send` behind a placeholder: inserts it (or adopts the existing one with `existingKey`, from a
 * paste), queues the job within the client's concurrency, writes throttled progress into the shared
 * doc, then swaps the placeholder for `toNode(response)`; on error removes it and shows the message.
 */
export function startJob(
  editor: Editor,
  opts: {
    kind: UploadKind;
    name: string;
    send: Sender;
    toNode: (r: UploadResponse) => JSONContent;
    amend?: Amend;
    pos?: number;
    existingKey?: string;
    preview?: Blob;
  },
): StartedUpload {
  const key = opts.existingKey ?? newUploadKey();
  let resolve: (inserted: boolean) => void = () => undefined;
  const done = new Promise<boolean>((r) => {
    resolve = r;
  });
  const job: Job = {
    key,
    editor,
    send: opts.send,
    toNode: opts.toNode,
    amend: opts.amend,
    abort: new AbortController(),
    seq: ++seq,
    started: false,
    finished: false,
    progressTimer: undefined,
    preview: opts.preview && opts.kind === 'image' ? URL.createObjectURL(opts.preview) : null,
    resolve,
  };
  // Registered before the placeholder exists, so the orphan sweep never mistakes it for a stale one.
  jobs.set(key, job);
  releaseKey(key);
  if (!opts.existingKey) {
    const attrs: PlaceholderAttrs = {
      key,
      kind: opts.kind,
      name: opts.name.slice(0, UploadLimits.maxNameChars),
      progress: 0,
      clientId: clientIdOf(editor),
      startedAt: Date.now(),
    };
    if (!insertPlaceholder(editor, attrs, opts.pos)) {
      finish(job, false);
      return { key, cancel: () => undefined, done };
    }
  }
  queue.push(job);
  pump();
  return { key, cancel: () => cancelUpload(key), done };
}

/** Cancels an upload of this client: aborts the request (or leaves the queue) and removes its placeholder. */
export function cancelUpload(key: string): boolean {
  const job = jobs.get(key);
  if (!job || job.finished) return false;
  job.abort.abort();
  const queued = queue.indexOf(job);
  if (queued >= 0) queue.splice(queued, 1);
  removePlaceholder(job.editor, key);
  finish(job, false);
  return true;
}

/** Cancels this editor's newest unfinished upload (Escape); false when there is none. */
export function cancelNewestUpload(editor: Editor): boolean {
  let newest: Job | null = null;
  for (const job of jobs.values()) {
    if (job.editor === editor && !job.finished && (!newest || job.seq > newest.seq)) newest = job;
  }
  return newest ? cancelUpload(newest.key) : false;
}

/** Cancels every upload of an editor that goes away. */
export function cancelAllUploads(editor: Editor): void {
  for (const job of [...jobs.values()]) if (job.editor === editor) cancelUpload(job.key);
}

registerUploadJobs({ hasJob, localPreview, cancelUpload, cancelNewestUpload, cancelAllUploads });
