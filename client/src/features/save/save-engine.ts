import type { AwarenessSave, AwarenessSaveState } from '@shared/collab/awareness-state';
import { retryDelay } from './save-backoff';
import { htmlHash } from './save-hash';
import { memoryPendingStore, type PendingStore } from './pending-store';
import { saveRequest, sendSave, type SaveRequest, type SaveSettings } from './save-request';
import { emitter } from '../../lib/store';

/** What this client's saving is doing; `at` = when its last save was stored, `hash` = of the HTML saved last. */
export interface SaveStatus {
  state: AwarenessSaveState;
  at: number;
  hash: string;
}

/** Clock and timers, injectable so tests drive time. */
export interface Timers {
  now(): number;
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Browsers refuse keepalive requests whose bodies add up to more than 64 KB. */
const KEEPALIVE_MAX_BYTES = 60 * 1024;

export const realTimers: Timers = {
  now: () => Date.now(),
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SaveEngineOptions {
  docId: string;
  settings: SaveSettings;
  /** The document's clean HTML now. */
  html: () => string;
  /** Sends one save; true only when the server answered 200. */
  send?: (request: SaveRequest) => Promise<boolean>;
  timers?: Timers;
  random?: () => number;
  pending?: PendingStore;
}

/**
 * Froala's save plugin (FROALA-REFERENCE §32) without a framework. A change schedules a check
 * `interval` ms later (later changes do not postpone it); the check sends only when the HTML differs from
 * the last successfully saved HTML. Ours beyond the baseline: a failure is retried with backoff and jitter
 * until it succeeds (each retry sends the newest HTML), and the failed body is kept in `pending` so a reload
 * sends it. Only the elected saver's checks send (`setActive`); explicit saves always do.
 */
export class SaveEngine {
  private readonly timers: Timers;
  private readonly random: () => number;
  private readonly pending: PendingStore;
  private readonly send: (request: SaveRequest) => Promise<boolean>;
  private readonly statusEvents = emitter<SaveStatus>();
  private saved: string | null = null;
  private current: SaveStatus = { state: 'idle', at: 0, hash: '' };
  private active = false;
  private checkTimer: unknown = null;
  /** The pending check was scheduled while this client was the saver. */
  private checkForSaver = false;
  private retryTimer: unknown = null;
  private inFlight = false;
  private queued: { explicit: boolean } | null = null;
  private failures = 0;
  private failedExplicit = false;
  /** A body restored from `pending`, sent instead of the current HTML by the next request. */
  private restored: string | null = null;
  private disposed = false;
  private changedSinceTaken = false;
  private changeListener: (() => void) | null = null;

  constructor(private readonly options: SaveEngineOptions) {
    this.timers = options.timers ?? realTimers;
    this.random = options.random ?? Math.random;
    this.pending = options.pending ?? memoryPendingStore();
    this.send = options.send ?? ((request) => sendSave(request));
  }

  get status(): SaveStatus {
    return this.current;
  }

  /** The clock and timers this engine runs on (the coordinator's watch uses the same). */
  get clock(): Timers {
    return this.timers;
  }

  get isActive(): boolean {
    return this.active;
  }

  subscribe(listener: (status: SaveStatus) => void): () => void {
    return this.statusEvents.on(listener);
  }

  /** The document as it is when saving starts (or `html`) counts as saved: only later changes are saved. */
  adoptBaseline(html: string = this.options.html()): void {
    this.markSaved(html, this.current.at);
    this.setState(this.current.state);
  }

  /** ms from a change to its check (0: no autosave). */
  get interval(): number {
    return this.options.settings.interval;
  }

  /** Whether the document changed since the last call (the coordinator's watch over the saver). */
  takeChanged(): boolean {
    const changed = this.changedSinceTaken;
    this.changedSinceTaken = false;
    return changed;
  }

  /** The hash of the document's HTML now, as savers publish it. */
  currentHash(): string {
    return htmlHash(this.options.html());
  }

  /** Calls `listener` on every change (the coordinator's watch over the saver); one listener. */
  onChanged(listener: (() => void) | null): void {
    this.changeListener = listener;
  }

  /** The document changed (here or through another author): a check runs `interval` ms later. */
  changed(): void {
    this.changedSinceTaken = true;
    this.changeListener?.();
    if (this.disposed || this.options.settings.interval <= 0 || this.checkTimer !== null) return;
    // A check scheduled while this client was the saver still runs after it lost the role: the successor's
    // baseline may already include this change.
    const scheduledActive = this.active;
    this.checkForSaver = scheduledActive;
    this.checkTimer = this.timers.set(() => {
      this.checkTimer = null;
      this.checkForSaver = false;
      this.check(scheduledActive);
    }, this.options.settings.interval);
  }

  /** Save button, Ctrl+S: at once, even when nothing changed (the server records a version). */
  save(): void {
    if (this.disposed) return;
    this.start(true);
  }

  /** The connection is back: a save waiting for its next retry is sent now. */
  retryNow(): void {
    if (this.disposed || this.current.state !== 'retrying' || this.retryTimer === null) return;
    this.timers.clear(this.retryTimer);
    this.retryTimer = null;
    if (this.active || this.failedExplicit) this.start(this.failedExplicit);
  }

  /** This client became the saver (`predecessor`: the saver before it, as it published itself) or stopped being it. */
  setActive(active: boolean, predecessor: AwarenessSave | null = null): void {
    if (this.disposed || active === this.active) return;
    this.active = active;
    if (!active) {
      // The new saver saves the current state; only an explicit save keeps being retried here.
      if (this.current.state === 'retrying' && !this.failedExplicit) {
        this.timers.clear(this.retryTimer);
        this.retryTimer = null;
        this.setState('idle');
      }
      return;
    }
    if (predecessor === null || this.current.state === 'retrying' || this.inFlight) return;
    const html = this.options.html();
    if (htmlHash(html) !== predecessor.hash) {
      this.start(false);
      return;
    }
    // Already saved by the predecessor: carry on showing its "Saved at".
    this.markSaved(html, Math.max(this.current.at, predecessor.at));
    this.setState(predecessor.state === 'saved' ? 'saved' : this.current.state);
  }

  /** Sends a body a previous visit could not save (kept in `pending`), if there is one. */
  async restore(): Promise<void> {
    const body = await this.pending.get(this.options.docId);
    if (body === null || this.disposed || this.options.settings.target === null) return;
    // Sent even when the document still reads the same: that state was never stored (the baseline is not).
    this.restored = body;
    this.start(false);
    // Then the document as it is now, which no one may have saved either (the saver took it as its baseline).
    if (this.inFlight) this.queued ??= { explicit: false };
  }

  /**
   * The page goes away (pagehide): a saver with unsaved changes sends them with a request that outlives
   * the page (keepalive, within the browser's 64 KB budget) and keeps them for the next open in any case.
   */
  flush(): void {
    const target = this.options.settings.target;
    if (this.disposed || target === null || !(this.active || this.checkForSaver)) return;
    const html = this.options.html();
    if (html === this.saved && this.current.state !== 'retrying') return;
    void this.pending.set(this.options.docId, html);
    const request = saveRequest(target, html, false);
    if (request.init.body.length < KEEPALIVE_MAX_BYTES)
      void this.send({ ...request, init: { ...request.init, keepalive: true } });
  }

  dispose(): void {
    this.disposed = true;
    this.timers.clear(this.checkTimer);
    this.timers.clear(this.retryTimer);
    this.statusEvents.clear();
  }

  private check(scheduledActive: boolean): void {
    if (this.disposed || (!this.active && !scheduledActive)) return;
    if (this.options.settings.target === null) {
      this.setState('noUrl');
      return;
    }
    if (this.current.state === 'retrying') {
      // The retry sends the newest HTML; keep that one for a reload too.
      void this.pending.set(this.options.docId, this.options.html());
      return;
    }
    if (this.inFlight) {
      this.queued ??= { explicit: false };
      return;
    }
    if (this.options.html() !== this.saved) this.start(false);
  }

  private start(explicit: boolean): void {
    const target = this.options.settings.target;
    if (target === null) {
      this.setState('noUrl');
      return;
    }
    if (this.inFlight) {
      this.queued = { explicit: (this.queued?.explicit ?? false) || explicit };
      return;
    }
    this.timers.clear(this.retryTimer);
    this.retryTimer = null;
    const body = this.restored ?? this.options.html();
    this.restored = null;
    this.inFlight = true;
    this.setState('saving');
    void this.send(saveRequest(target, body, explicit))
      .catch(() => false)
      .then((ok) => this.finish(ok, body, explicit));
  }

  private finish(ok: boolean, body: string, explicit: boolean): void {
    this.inFlight = false;
    if (this.disposed) return;
    const queued = this.queued;
    this.queued = null;
    if (ok) {
      this.failures = 0;
      this.failedExplicit = false;
      this.markSaved(body, this.timers.now());
      this.setState('saved');
      void this.pending.delete(this.options.docId);
      if (queued?.explicit) this.start(true);
      else if (queued && this.options.html() !== this.saved) this.start(false);
      return;
    }
    this.failures += 1;
    this.failedExplicit ||= explicit;
    void this.pending.set(this.options.docId, body);
    this.setState('retrying');
    if (queued?.explicit) {
      this.start(true);
      return;
    }
    this.retryTimer = this.timers.set(
      () => {
        this.retryTimer = null;
        if (!this.disposed && (this.active || this.failedExplicit)) this.start(this.failedExplicit);
      },
      retryDelay(this.failures, this.random),
    );
  }

  private markSaved(html: string, at: number): void {
    this.saved = html;
    this.current = { ...this.current, at, hash: htmlHash(html) };
  }

  private setState(state: AwarenessSaveState): void {
    this.current = { ...this.current, state };
    this.statusEvents.emit(this.current);
  }
}
