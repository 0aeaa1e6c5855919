import type { Editor, JSONContent } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import { MediaNodes } from '@shared/api/media-values';
import type { UploadKind, UploadResponse } from '@shared/api/media';
import type { ErrorCode } from '@shared/errors';
import { UploadLimits } from '@shared/limits';
import { ApiError } from '../../lib/api-client';
import {
  findPlaceholder,
  newUploadKey,
  removePlaceholder,
  uploadSessionOf,
  type UploadQueue,
  type UploadSession,
} from './upload-registry';
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

export interface StartedUpload {
  key: string;
  cancel(): void;
  done: Promise<boolean>;
}

/**
 * The upload queue of one session (one editor): its jobs run within the client's concurrency. Created on
 * the session's first upload (this code loads then) and cancelled with the session (upload-registry.ts).
 */
class JobQueue implements UploadQueue {
  private readonly jobs = new Map<string, Job>();
  private readonly waiting: Job[] = [];
  private running = 0;
  private seq = 0;

  constructor(private readonly session: UploadSession) {}

  hasJob(key: string): boolean {
    return this.jobs.has(key);
  }

  localPreview(key: string): string | null {
    return this.jobs.get(key)?.preview ?? null;
  }

  /**
   * Runs `send` behind a placeholder: inserts it (or adopts the existing one with `existingKey`, from a
   * paste), queues the job within the client's concurrency, writes throttled progress into the shared
   * doc, then swaps the placeholder for `toNode(response)`; on error removes it and shows the message.
   */
  start(editor: Editor, opts: JobOptions): StartedUpload {
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
      seq: ++this.seq,
      started: false,
      finished: false,
      progressTimer: undefined,
      preview: opts.preview && opts.kind === 'image' ? URL.createObjectURL(opts.preview) : null,
      resolve,
    };
    // Registered before the placeholder exists, so the orphan sweep never mistakes it for a stale one.
    this.jobs.set(key, job);
    this.session.reserved.delete(key);
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
        this.finish(job, false);
        return { key, cancel: () => undefined, done };
      }
    }
    this.waiting.push(job);
    this.pump();
    return { key, cancel: () => this.cancel(key), done };
  }

  cancel(key: string): boolean {
    const job = this.jobs.get(key);
    if (!job || job.finished) return false;
    job.abort.abort();
    const queued = this.waiting.indexOf(job);
    if (queued >= 0) this.waiting.splice(queued, 1);
    removePlaceholder(job.editor, key);
    this.finish(job, false);
    return true;
  }

  cancelNewest(): boolean {
    let newest: Job | null = null;
    for (const job of this.jobs.values()) {
      if (!job.finished && (!newest || job.seq > newest.seq)) newest = job;
    }
    return newest ? this.cancel(newest.key) : false;
  }

  cancelAll(): void {
    for (const job of [...this.jobs.values()]) this.cancel(job.key);
  }

  private finish(job: Job, inserted: boolean): void {
    if (job.finished) return;
    job.finished = true;
    this.jobs.delete(job.key);
    clearTimeout(job.progressTimer);
    if (job.preview) URL.revokeObjectURL(job.preview);
    // A cancelled upload frees its slot at once, whether or not its request has settled yet.
    if (job.started) this.running--;
    job.resolve(inserted);
    this.pump();
  }

  private pump(): void {
    while (this.running < UploadLimits.clientConcurrency && this.waiting.length > 0) {
      const job = this.waiting.shift();
      if (job && !job.finished) void this.run(job);
    }
  }

  private async run(job: Job): Promise<void> {
    job.started = true;
    this.running++;
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
      const code: ErrorCode | 'NETWORK' | 'ABORTED' = error instanceof ApiError ? error.code : 'NETWORK';
      if (code !== 'ABORTED') showUploadError(job.editor, code);
      this.finish(job, false);
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
    this.finish(job, inserted);
  }
}

interface JobOptions {
  kind: UploadKind;
  name: string;
  send: Sender;
  toNode: (r: UploadResponse) => JSONContent;
  amend?: Amend;
  pos?: number;
  existingKey?: string;
  preview?: Blob;
}

/** The queue of `editor`'s upload session, made on its first upload. */
function queueOf(editor: Editor): JobQueue {
  const session = uploadSessionOf(editor);
  const queue = session.queue instanceof JobQueue ? session.queue : new JobQueue(session);
  session.queue = queue;
  return queue;
}

/** Runs `send` behind a placeholder in `editor`'s upload session (see JobQueue.start). */
export const startJob = (editor: Editor, opts: JobOptions): StartedUpload => queueOf(editor).start(editor, opts);
