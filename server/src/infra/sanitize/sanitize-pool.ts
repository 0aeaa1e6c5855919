import { defaultEditorOptions, type EditorOptions } from '@shared/editor-options';
import { WorkerPool } from '../worker-pool';
import type { SanitizeWorkerData } from './sanitize-messages';

/** The pool already holds as many waiting bodies as it may; the caller answers 429. */
export class SanitizeQueueFull extends Error {
  constructor() {
    super('sanitizer queue is full');
  }
}

/**
 * The sanitizer worker module. In the server bundle this module is part of `main.js`, and
 * scripts/build-server.mjs writes the worker beside it as `sanitize-worker.js`. Under tsx (`npm run
 * dev`) and Vitest this module is TypeScript source, and `sanitize-worker-dev.mjs` loads the worker's
 * TypeScript through tsx.
 */
export const SANITIZE_WORKER = new URL(
  import.meta.url.endsWith('.ts') ? './sanitize-worker-dev.mjs' : './sanitize-worker.js',
  import.meta.url,
);

export interface SanitizePoolOptions {
  /** Workers at most (each holds its own jsdom window). */
  size: number;
  /** Bodies that may wait for a free worker. */
  maxQueued: number;
  /** An idle worker exits after this long; the next body starts a new one. */
  idleMs: number;
  /** The deployment's editor options: the workers sanitize with their document model (default: the defaults). */
  editorOptions?: EditorOptions;
  /** A worker failed outside any body (logged by the caller). */
  onError?: (error: unknown) => void;
}

/** A few worker threads running `sanitizeHtml`, one body at a time each; the rest wait in a bounded queue. */
export class SanitizePool {
  private readonly pool: WorkerPool<string, string>;

  /** `worker`: another worker module (tests). */
  constructor(options: SanitizePoolOptions, worker: URL = SANITIZE_WORKER) {
    const workerData: SanitizeWorkerData = { editorOptions: options.editorOptions ?? defaultEditorOptions };
    this.pool = new WorkerPool(options, {
      name: 'sanitizer',
      filename: worker,
      workerData,
      queueFull: () => new SanitizeQueueFull(),
      onError: options.onError,
    });
  }

  /** Bodies waiting or being sanitized right now. */
  get inFlight(): number {
    return this.pool.inFlight;
  }

  /** Workers running (idle or busy). */
  get workers(): number {
    return this.pool.workers;
  }

  /** `sanitizeHtml(html)` in a worker; rejects with SanitizeQueueFull when too many bodies wait. */
  sanitize(html: string): Promise<string> {
    return this.pool.run(html);
  }

  /** Stops every worker; waiting and running bodies are rejected. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
