import type { Transferable } from 'node:worker_threads';
import type { Piscina } from 'piscina';

/** What a pool of one kind of worker does (the sanitizer's, the export renderer's). */
export interface WorkerPoolSpec {
  /** Names the pool in its error messages ("sanitizer", "export"). */
  name: string;
  /** The worker module: its default export runs one task and returns (or resolves to) the result. */
  filename: URL;
  /** Handed to every worker (piscina's `workerData`). */
  workerData?: unknown;
  /** The error of a task refused because too many wait already. */
  queueFull: () => Error;
  /** The error of a task that ran past `timeoutMs` (its worker is stopped). */
  timedOut?: () => Error;
  /** Worker failures outside any task (a module that cannot load). */
  onError?: (error: unknown) => void;
}

export interface WorkerPoolOptions {
  /** Workers at most. */
  size: number;
  /** Tasks that may wait for a free worker. */
  maxQueued: number;
  /** An idle worker exits after this long; the next task starts a new one. */
  idleMs: number;
  /** A task running longer is stopped together with its worker (none: no limit). */
  timeoutMs?: number;
}

/**
 * Piscina, one task at a time per worker, with our typed refusals: queue full, timed out (counted from
 * when the task gets a worker, not from when it was queued), closed. Piscina runs tasks first in, first
 * out, so the first `size` unsettled tasks are the running ones.
 */
export class WorkerPool<Task, Result> {
  /** Piscina (loaded with the pool's first task: an idle server never needs it) and its workers. */
  private piscina: Piscina<Task, Result> | null = null;
  private starting: Promise<Piscina<Task, Result>> | null = null;
  private running = 0;
  /** Starts the time limit of each waiting task, in order. */
  private readonly waiting: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly options: WorkerPoolOptions,
    private readonly spec: WorkerPoolSpec,
  ) {}

  /** Creates the piscina pool at the first task (no worker starts before a task needs one). */
  private async start(): Promise<Piscina<Task, Result>> {
    const { Piscina } = await import('piscina');
    const { options, spec } = this;
    const piscina = new Piscina<Task, Result>({
      filename: spec.filename.href,
      workerData: spec.workerData,
      minThreads: 0,
      maxThreads: options.size,
      // The cap is ours (`waiting` above); piscina's own only backs it up.
      maxQueue: options.maxQueued + options.size,
      idleTimeout: options.idleMs,
      concurrentTasksPerWorker: 1,
    });
    // Without a listener an 'error' event would end the process.
    piscina.on('error', (error: unknown) => spec.onError?.(error));
    this.piscina = piscina;
    return piscina;
  }

  /** Tasks waiting or running right now. */
  get inFlight(): number {
    return this.running + this.waiting.length;
  }

  /** Workers running (idle or busy). */
  get workers(): number {
    return this.piscina?.threads.length ?? 0;
  }

  /** Runs a task in a worker; rejects with the spec's queueFull (or timedOut) error. */
  async run(task: Task, transferList?: Transferable[]): Promise<Result> {
    if (this.closed) throw this.closedError();
    // Only the first tasks wait for piscina to load; they reach it in the order they came.
    const piscina = this.piscina ?? (await (this.starting ??= this.start().finally(() => (this.starting = null))));
    if (this.closed) throw this.closedError();
    if (this.waiting.length >= this.options.maxQueued) throw this.spec.queueFull();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const start = (): void => {
      this.running += 1;
      const { timeoutMs } = this.options;
      if (timeoutMs !== undefined) timer = setTimeout(() => abort.abort(), timeoutMs);
    };
    if (this.running < this.options.size) start();
    else this.waiting.push(start);
    try {
      return await piscina.run(task, { transferList, signal: abort.signal });
    } catch (error) {
      if (this.closed) throw this.closedError();
      if (abort.signal.aborted && this.spec.timedOut) throw this.spec.timedOut();
      throw error;
    } finally {
      clearTimeout(timer);
      const queued = this.waiting.indexOf(start);
      if (queued !== -1) this.waiting.splice(queued, 1);
      else this.running -= 1;
      if (this.running < this.options.size) this.waiting.shift()?.();
    }
  }

  /** Stops every worker; waiting and running tasks are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const piscina = this.piscina ?? (await this.starting?.catch(() => null)) ?? this.piscina;
    await piscina?.destroy();
  }

  private closedError(): Error {
    return new Error(`${this.spec.name} pool is closed`);
  }
}
