import { Worker } from 'node:worker_threads';
import { defaultEditorOptions, type EditorOptions } from '@shared/editor-options';
import type { SanitizeReply, SanitizeRequest, SanitizeWorkerData } from './sanitize-messages';

/** The pool already holds as many waiting bodies as it may; the caller answers 429. */
export class SanitizeQueueFull extends Error {
  constructor() {
    super('sanitizer queue is full');
  }
}

/**
 * Starts one sanitizer worker. In the server bundle this module is part of `main.js`, and
 * scripts/build-server.mjs writes the worker beside it as `sanitize-worker.js`. Under tsx (`npm run
 * dev`) and Vitest this module is TypeScript source, and `sanitize-worker-dev.mjs` loads the worker's
 * TypeScript through tsx. The worker sanitizes with the document model of `editorOptions` (the deployment's).
 */
export function startSanitizeWorker(editorOptions: EditorOptions = defaultEditorOptions): Worker {
  const dev = import.meta.url.endsWith('.ts');
  const workerData: SanitizeWorkerData = { editorOptions };
  return new Worker(new URL(dev ? './sanitize-worker-dev.mjs' : './sanitize-worker.js', import.meta.url), {
    workerData,
  });
}

interface Job {
  request: SanitizeRequest;
  resolve(html: string): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
  gone: boolean;
}

export interface SanitizePoolOptions {
  /** Workers at most (each holds its own jsdom window). */
  size: number;
  /** Bodies that may wait for a free worker. */
  maxQueued: number;
  /** An idle worker exits after this long; the next body starts a new one. */
  idleMs: number;
  /** The deployment's editor options: the workers sanitize with their document model (default: the defaults). */
  editorOptions?: EditorOptions;
}

/** A few worker threads running `sanitizeHtml`, one body at a time each; the rest wait in a bounded queue. */
export class SanitizePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  private readonly start: () => Worker;

  constructor(
    private readonly options: SanitizePoolOptions,
    start?: () => Worker,
  ) {
    this.start = start ?? (() => startSanitizeWorker(options.editorOptions));
  }

  /** Bodies waiting or being sanitized right now. */
  get inFlight(): number {
    return this.queue.length + this.slots.filter((s) => s.job !== null).length;
  }

  /** Workers running (idle or busy). */
  get workers(): number {
    return this.slots.length;
  }

  /** `sanitizeHtml(html)` in a worker; rejects with SanitizeQueueFull when too many bodies wait. */
  sanitize(html: string): Promise<string> {
    if (this.closed) return Promise.reject(new Error('sanitizer pool is closed'));
    if (this.queue.length >= this.options.maxQueued) return Promise.reject(new SanitizeQueueFull());
    return new Promise<string>((resolve, reject) => {
      this.queue.push({ request: { id: this.nextId++, html }, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every worker; waiting and running bodies are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('sanitizer pool is closed'));
    await Promise.all(this.slots.map((slot) => this.retire(slot)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.job === null) ?? this.spawn();
      const job = slot ? this.queue.shift() : undefined;
      if (!slot || !job) return;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.job = job;
      slot.worker.postMessage(job.request);
    }
  }

  private spawn(): Slot | undefined {
    if (this.closed || this.slots.length >= this.options.size) return undefined;
    const worker = this.start();
    // A waiting request keeps the process alive; an idle worker must not.
    worker.unref();
    const slot: Slot = { worker, job: null, idleTimer: null, gone: false };
    worker.on('message', (reply: SanitizeReply) => this.finish(slot, reply));
    worker.on('error', (error) => this.lose(slot, error));
    worker.on('exit', (code) => this.lose(slot, new Error(`sanitizer worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot, reply: SanitizeReply): void {
    const job = slot.job;
    if (!job || job.request.id !== reply.id) return;
    slot.job = null;
    if ('html' in reply) job.resolve(reply.html);
    else job.reject(new Error(`sanitizer failed: ${reply.error}`));
    this.dispatch();
    if (slot.job === null && !slot.gone) {
      slot.idleTimer = setTimeout(() => void this.retire(slot), this.options.idleMs);
      slot.idleTimer.unref();
    }
  }

  /** A worker failed or exited: its body fails, the slot goes, and waiting bodies get a new worker. */
  private lose(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index !== -1) this.slots.splice(index, 1);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.gone = true;
    const job = slot.job;
    slot.job = null;
    job?.reject(error);
    if (!this.closed) this.dispatch();
  }

  private async retire(slot: Slot): Promise<void> {
    if (slot.gone) return;
    this.lose(slot, new Error('sanitizer pool is closed'));
    await slot.worker.terminate();
  }
}
