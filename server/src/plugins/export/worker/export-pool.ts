import { defaultEditorOptions, type EditorOptions } from '@shared/editor-options';
import { WorkerPool } from '../../../infra/worker-pool';
import type { ExportJob, ExportWorkerData } from './export-messages';

/** Too many exports wait already; the caller answers 503 EXPORT_BUSY. */
export class ExportQueueFull extends Error {
  constructor() {
    super('export queue is full');
  }
}

/** A render ran past its time; its worker was stopped. The caller answers 503 EXPORT_TIMEOUT. */
export class ExportTimedOut extends Error {
  constructor() {
    super('export render timed out');
  }
}

/**
 * The export worker module. In the server bundle this module is part of `main.js` and
 * scripts/build-server.mjs writes the worker beside it as `export-worker.js`; under tsx and Vitest this
 * module is TypeScript source and `export-worker-dev.mjs` loads the worker's TypeScript through tsx.
 */
export const EXPORT_WORKER = new URL(
  import.meta.url.endsWith('.ts') ? './export-worker-dev.mjs' : './export-worker.js',
  import.meta.url,
);

export type ExportRequest = ExportJob;

export interface ExportPoolOptions {
  size: number;
  maxQueued: number;
  /** A render running longer is stopped together with its worker. */
  timeoutMs: number;
  /** An idle worker exits after this long. */
  idleMs: number;
  editorOptions?: EditorOptions;
  /** A worker failed outside any render (logged by the caller). */
  onError?: (error: unknown) => void;
}

/** Worker threads rendering PDF and .docx files, one document at a time each; the rest wait in a bounded queue. */
export class ExportPool {
  private readonly pool: WorkerPool<ExportJob, Uint8Array>;

  /** `worker`: another worker module (tests). */
  constructor(options: ExportPoolOptions, worker: URL = EXPORT_WORKER) {
    const workerData: ExportWorkerData = { editorOptions: options.editorOptions ?? defaultEditorOptions };
    this.pool = new WorkerPool(options, {
      name: 'export',
      filename: worker,
      workerData,
      queueFull: () => new ExportQueueFull(),
      timedOut: () => new ExportTimedOut(),
      onError: options.onError,
    });
  }

  /** Exports waiting or being rendered right now. */
  get inFlight(): number {
    return this.pool.inFlight;
  }

  /** Renders a document in a worker; rejects with ExportQueueFull or ExportTimedOut. */
  async render(request: ExportRequest): Promise<Buffer> {
    const { state } = request;
    // The state is the worker's from now on (not copied).
    const whole = state.byteOffset === 0 && state.byteLength === state.buffer.byteLength;
    const bytes = await this.pool.run(request, whole ? [state.buffer as ArrayBuffer] : []);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Stops every worker; waiting and running exports are rejected. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
