import { Worker } from 'node:worker_threads';
import { defaultEditorOptions, type EditorOptions } from '@shared/editor-options';
import { WorkerPool } from '../../../infra/worker-pool';
import type { ExportJob, ExportReply, ExportWorkerData } from './export-messages';

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
 * Starts one export worker. In the server bundle this module is part of `main.js` and
 * scripts/build-server.mjs writes the worker beside it as `export-worker.js`; under tsx and Vitest this
 * module is TypeScript source and `export-worker-dev.mjs` loads the worker's TypeScript through tsx.
 */
export function startExportWorker(editorOptions: EditorOptions = defaultEditorOptions): Worker {
  const dev = import.meta.url.endsWith('.ts');
  const workerData: ExportWorkerData = { editorOptions };
  return new Worker(new URL(dev ? './export-worker-dev.mjs' : './export-worker.js', import.meta.url), { workerData });
}

export type ExportRequest = Omit<ExportJob, 'id'>;

export interface ExportPoolOptions {
  size: number;
  maxQueued: number;
  /** A render running longer is stopped together with its worker. */
  timeoutMs: number;
  /** An idle worker exits after this long. */
  idleMs: number;
  editorOptions?: EditorOptions;
}

/** Worker threads rendering PDF and .docx files, one document at a time each; the rest wait in a bounded queue. */
export class ExportPool {
  private readonly pool: WorkerPool<ExportJob, ExportReply, Buffer>;

  constructor(options: ExportPoolOptions, start?: () => Worker) {
    this.pool = new WorkerPool(options, {
      name: 'export',
      start: start ?? (() => startExportWorker(options.editorOptions)),
      settle: (reply) =>
        'bytes' in reply
          ? Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength)
          : new Error(`export failed: ${reply.error}`),
      // The state is the worker's from now on (not copied).
      transfer: ({ state }) =>
        state.byteOffset === 0 && state.byteLength === state.buffer.byteLength ? [state.buffer as ArrayBuffer] : [],
      queueFull: () => new ExportQueueFull(),
      timedOut: () => new ExportTimedOut(),
    });
  }

  /** Exports waiting or being rendered right now. */
  get inFlight(): number {
    return this.pool.inFlight;
  }

  /** Renders a document in a worker; rejects with ExportQueueFull or ExportTimedOut. */
  render(request: ExportRequest): Promise<Buffer> {
    return this.pool.run(request);
  }

  /** Stops every worker; waiting and running exports are rejected. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
