import type { Worker } from 'node:worker_threads';

/** What a pool of one kind of worker does with its jobs (the sanitizer's, the export renderer's). */
export interface WorkerPoolSpec<Request extends { id: number }, Reply extends { id: number }, Result> {
  /** Names the pool in its error messages ("sanitizer", "export"). */
  name: string;
  /** Starts one worker. */
  start: () => Worker;
  /** The result of a worker's reply, or the Error it stands for. */
  settle: (reply: Reply) => Result | Error;
  /** Buffers handed to the worker with the request instead of copied. */
  transfer?: (request: Request) => ArrayBuffer[];
  /** The error of a job refused because too many wait already. */
  queueFull: () => Error;
  /** The error of a job that ran past `timeoutMs` (its worker is stopped). */
  timedOut?: () => Error;
}

export interface WorkerPoolOptions {
  /** Workers at most. */
  size: number;
  /** Jobs that may wait for a free worker. */
  maxQueued: number;
  /** An idle worker exits after this long; the next job starts a new one. */
  idleMs: number;
  /** A job running longer is stopped together with its worker (none: no limit). */
  timeoutMs?: number;
}

interface Job<Request, Result> {
  request: Request;
  resolve(result: Result): void;
  reject(error: Error): void;
}

interface Slot<Request, Result> {
  worker: Worker;
  job: Job<Request, Result> | null;
  /** The running job's time limit, or the idle worker's exit. */
  timer: NodeJS.Timeout | null;
  gone: boolean;
}

/** A few worker threads, one job at a time each; the rest wait in a bounded queue. */
export class WorkerPool<Request extends { id: number }, Reply extends { id: number }, Result> {
  private readonly slots: Slot<Request, Result>[] = [];
  private readonly queue: Job<Request, Result>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly options: WorkerPoolOptions,
    private readonly spec: WorkerPoolSpec<Request, Reply, Result>,
  ) {}

  /** Jobs waiting or running right now. */
  get inFlight(): number {
    return this.queue.length + this.slots.filter((s) => s.job !== null).length;
  }

  /** Workers running (idle or busy). */
  get workers(): number {
    return this.slots.length;
  }

  /** Runs a job in a worker; rejects with the spec's queueFull (or timedOut) error. */
  run(request: Omit<Request, 'id'>): Promise<Result> {
    if (this.closed) return Promise.reject(this.closedError());
    if (this.queue.length >= this.options.maxQueued) return Promise.reject(this.spec.queueFull());
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ request: { ...request, id: this.nextId++ } as Request, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every worker; waiting and running jobs are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(this.closedError());
    await Promise.all(this.slots.map((slot) => this.retire(slot, this.closedError())));
  }

  private closedError(): Error {
    return new Error(`${this.spec.name} pool is closed`);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.job === null) ?? this.spawn();
      const job = slot ? this.queue.shift() : undefined;
      if (!slot || !job) return;
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
      slot.job = job;
      const { timeoutMs } = this.options;
      const timedOut = this.spec.timedOut;
      if (timeoutMs !== undefined && timedOut) {
        slot.timer = setTimeout(() => void this.retire(slot, timedOut()), timeoutMs);
      }
      slot.worker.postMessage(job.request, this.spec.transfer?.(job.request) ?? []);
    }
  }

  private spawn(): Slot<Request, Result> | undefined {
    if (this.closed || this.slots.length >= this.options.size) return undefined;
    const worker = this.spec.start();
    // A waiting job keeps the process alive; an idle worker must not.
    worker.unref();
    const slot: Slot<Request, Result> = { worker, job: null, timer: null, gone: false };
    worker.on('message', (reply: Reply) => this.finish(slot, reply));
    worker.on('error', (error) => this.lose(slot, error));
    worker.on('exit', (code) => this.lose(slot, new Error(`${this.spec.name} worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot<Request, Result>, reply: Reply): void {
    const job = slot.job;
    if (!job || job.request.id !== reply.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    const result = this.spec.settle(reply);
    if (result instanceof Error) job.reject(result);
    else job.resolve(result);
    this.dispatch();
    if (slot.job === null && !slot.gone) {
      const idle = new Error(`${this.spec.name} worker idle`);
      slot.timer = setTimeout(() => void this.retire(slot, idle), this.options.idleMs);
      slot.timer.unref();
    }
  }

  /** A worker failed, exited or was stopped: its job fails, the slot goes, and waiting jobs get a new worker. */
  private lose(slot: Slot<Request, Result>, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index !== -1) this.slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    slot.gone = true;
    const job = slot.job;
    slot.job = null;
    job?.reject(error);
    if (!this.closed) this.dispatch();
  }

  private async retire(slot: Slot<Request, Result>, error: Error): Promise<void> {
    if (slot.gone) return;
    this.lose(slot, error);
    await slot.worker.terminate();
  }
}
