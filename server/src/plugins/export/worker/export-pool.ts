import { Worker } from 'node:worker_threads';
import { defaultEditorOptions, type EditorOptions } from '@shared/editor-options';
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

interface Job {
  request: ExportJob;
  resolve(bytes: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  gone: boolean;
}

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
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly start: () => Worker;

  constructor(
    private readonly options: ExportPoolOptions,
    start?: () => Worker,
  ) {
    this.start = start ?? (() => startExportWorker(options.editorOptions));
  }

  /** Exports waiting or being rendered right now. */
  get inFlight(): number {
    return this.queue.length + this.slots.filter((s) => s.job !== null).length;
  }

  /** Renders a document in a worker; rejects with ExportQueueFull or ExportTimedOut. */
  render(request: ExportRequest): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('export pool is closed'));
    if (this.queue.length >= this.options.maxQueued) return Promise.reject(new ExportQueueFull());
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ request: { ...request, id: this.nextId++ }, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every worker; waiting and running exports are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('export pool is closed'));
    await Promise.all(this.slots.map((slot) => this.retire(slot, new Error('export pool is closed'))));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.job === null) ?? this.spawn();
      const job = slot ? this.queue.shift() : undefined;
      if (!slot || !job) return;
      if (slot.timer) clearTimeout(slot.timer);
      slot.job = job;
      slot.timer = setTimeout(() => void this.retire(slot, new ExportTimedOut()), this.options.timeoutMs);
      // The state is the worker's from now on (not copied).
      const { state } = job.request;
      const transfer = state.byteOffset === 0 && state.byteLength === state.buffer.byteLength ? [state.buffer] : [];
      slot.worker.postMessage(job.request, transfer as ArrayBuffer[]);
    }
  }

  private spawn(): Slot | undefined {
    if (this.closed || this.slots.length >= this.options.size) return undefined;
    const worker = this.start();
    worker.unref();
    const slot: Slot = { worker, job: null, timer: null, gone: false };
    worker.on('message', (reply: ExportReply) => this.finish(slot, reply));
    worker.on('error', (error) => this.lose(slot, error));
    worker.on('exit', (code) => this.lose(slot, new Error(`export worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot, reply: ExportReply): void {
    const job = slot.job;
    if (!job || job.request.id !== reply.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    if ('bytes' in reply) job.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
    else job.reject(new Error(`export failed: ${reply.error}`));
    this.dispatch();
    if (slot.job === null && !slot.gone) {
      slot.timer = setTimeout(() => void this.retire(slot, new Error('export worker idle')), this.options.idleMs);
      slot.timer.unref();
    }
  }

  /** A worker failed, exited or was stopped: its export fails, the slot goes, waiting exports get a new worker. */
  private lose(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index !== -1) this.slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    slot.gone = true;
    const job = slot.job;
    slot.job = null;
    job?.reject(error);
    if (!this.closed) this.dispatch();
  }

  private async retire(slot: Slot, error: Error): Promise<void> {
    if (slot.gone) return;
    this.lose(slot, error);
    await slot.worker.terminate();
  }
}
