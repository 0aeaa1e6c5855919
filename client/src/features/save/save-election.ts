import { isValidAwarenessState, type AwarenessSave, type AwarenessSaveState } from '@shared/collab/awareness-state';
import { AutosaveLimits } from '@shared/limits';
import type { SaveEngine, SaveStatus } from './save-engine';
import { emitter } from '../../lib/store';

/** The part of a y-protocols Awareness the election uses. */
export interface AwarenessLike {
  clientID: number;
  getStates(): Map<number, unknown>;
  setLocalStateField(field: string, value: unknown): void;
  on(event: 'change', listener: () => void): void;
  off(event: 'change', listener: () => void): void;
}

export interface Saver {
  id: number;
  save: AwarenessSave;
}

/**
 * The client that saves: the smallest client id among states that publish a valid `save` field (the
 * shared validator admits it only beside an editor's user), leaving out those `passedOver`. Null when no one does.
 */
export function electSaver(
  states: ReadonlyMap<number, unknown>,
  passedOver: ReadonlySet<number> = new Set(),
): Saver | null {
  let saver: Saver | null = null;
  for (const [id, state] of states) {
    if (passedOver.has(id) || !isValidAwarenessState(state) || state.save === undefined) continue;
    if (saver === null || id < saver.id) saver = { id, save: state.save };
  }
  return saver;
}

/** What the status bar shows: this client's saving, or the saver's as it publishes it. */
export interface SaveView {
  state: AwarenessSaveState;
  at: number;
}

/**
 * Elects this document's saver among the open editors through awareness and hands over when it leaves:
 * each client publishes its engine's status in its `save` field; the smallest client id saves, the
 * others show its status. The successor saves at once unless the HTML it has is what its predecessor
 * saved last (same hash). Each other client watches that someone saved the document as it is: when the
 * saver's save stays behind for AutosaveLimits.saverStall… (more for each client before it in line), it is
 * passed over and the next client saves.
 */
export class SaveCoordinator {
  private saver: Saver | null = null;
  private readonly changed = emitter();
  private unsubscribe: () => void = () => undefined;
  private started = false;
  private watchTimer: unknown = null;
  /**
   * Since when the document has changes no published save covers and the saver made no progress (a new
   * saved time) — null: someone saved it as it is. While authors keep typing the saver is always a little
   * behind; only a saver that stops saving stays behind without progress.
   */
  private behindSince: number | null = null;
  /** The saver's published saved time at the last watch. */
  private saverAt = 0;
  /** The newest saved time any client publishes. */
  private newestSavedAt = 0;
  /** Savers this client passed over because their saves stayed behind the document. */
  private readonly passedOver = new Set<number>();

  constructor(
    private readonly awareness: AwarenessLike,
    private readonly engine: SaveEngine,
    /** The least time a saver may stay behind before it is passed over (tests shorten it). */
    private readonly stallMinMs: number = AutosaveLimits.saverStallMinMs,
  ) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    this.unsubscribe = this.engine.subscribe((status) => {
      this.publish(status);
      this.notify();
    });
    this.awareness.on('change', this.elect);
    this.publish(this.engine.status);
    this.elect();
    this.engine.onChanged(this.armWatch);
  }

  get saverId(): number | null {
    return this.saver?.id ?? null;
  }

  get isSaver(): boolean {
    return this.saver?.id === this.awareness.clientID;
  }

  view(): SaveView {
    const own = this.engine.status;
    const saver = this.saver;
    if (saver === null || saver.id === this.awareness.clientID) return { state: own.state, at: own.at };
    // This author's own explicit save (or its failure) is what they asked about.
    if (own.state === 'saving' || own.state === 'retrying' || own.state === 'noUrl') return own;
    if (own.state === 'saved' && own.at > saver.save.at) return { state: own.state, at: own.at };
    // Another client saved after the saver (it took over from a stalled saver, or saved explicitly).
    if (saver.save.state !== 'saving' && saver.save.state !== 'retrying' && this.newestSavedAt > saver.save.at) {
      return { state: 'saved', at: this.newestSavedAt };
    }
    return { state: saver.save.state, at: saver.save.at };
  }

  subscribe(listener: () => void): () => void {
    return this.changed.on(listener);
  }

  dispose(): void {
    if (!this.started) return;
    this.started = false;
    this.engine.onChanged(null);
    this.engine.clock.clear(this.watchTimer);
    this.watchTimer = null;
    this.awareness.off('change', this.elect);
    this.unsubscribe();
    this.changed.clear();
    // Undefined is left out of the wire state (null would be refused by the validator).
    this.awareness.setLocalStateField('save', undefined);
  }

  private publish(status: SaveStatus): void {
    const save: AwarenessSave = { state: status.state, at: status.at, hash: status.hash };
    this.awareness.setLocalStateField('save', save);
  }

  /** The watch runs an interval after a change, and again while the document stays unsaved; then it rests. */
  private readonly armWatch = (): void => {
    if (!this.started || this.watchTimer !== null || this.engine.interval <= 0) return;
    this.watchTimer = this.engine.clock.set(() => {
      this.watchTimer = null;
      if (!this.started) return;
      this.watch();
      if (this.behindSince !== null) this.armWatch();
    }, this.engine.interval);
  };

  /** Is the document as it is saved by someone? If not for too long, the saver is passed over. */
  private watch(): void {
    const saver = this.saver;
    const self = this.awareness.clientID;
    const changed = this.engine.takeChanged();
    if (saver === null || saver.id === self) {
      this.behindSince = null;
      return;
    }
    const now = this.engine.clock.now();
    if (saver.save.at !== this.saverAt) {
      this.saverAt = saver.save.at;
      if (this.behindSince !== null) this.behindSince = now;
    }
    if (!changed && this.behindSince === null) return;
    const hash = this.engine.currentHash();
    const states = this.awareness.getStates();
    if (this.savedBySomeone(states, hash)) {
      this.behindSince = null;
      return;
    }
    this.behindSince ??= now;
    // Clients between the saver and this one wait their turn: one takes over, not all of them.
    let ahead = 0;
    for (const [id, state] of states) {
      if (id === saver.id || id >= self || this.passedOver.has(id)) continue;
      if (isValidAwarenessState(state) && state.save !== undefined) ahead++;
    }
    const stall = Math.max(AutosaveLimits.saverStallIntervals * this.engine.interval, this.stallMinMs);
    if (now - this.behindSince < stall * (1 + ahead)) return;
    this.passedOver.add(saver.id);
    this.behindSince = null;
    this.elect();
  }

  private savedBySomeone(states: ReadonlyMap<number, unknown>, hash: string): boolean {
    for (const state of states.values()) {
      if (isValidAwarenessState(state) && state.save?.state === 'saved' && state.save.hash === hash) return true;
    }
    return false;
  }

  private readonly elect = (): void => {
    const self = this.awareness.clientID;
    const previous = this.saver;
    const states = this.awareness.getStates();
    for (const id of this.passedOver) if (!states.has(id)) this.passedOver.delete(id);
    const next = electSaver(states, this.passedOver);
    this.saver = next;
    if (next?.id !== previous?.id) {
      this.behindSince = null;
      this.saverAt = next?.save.at ?? 0;
    }
    if (next === null || next.id === self) {
      // Handing over from another client; a client that starts alone has no predecessor.
      const predecessor = previous !== null && previous.id !== self ? previous.save : null;
      this.engine.setActive(true, predecessor);
    } else {
      this.engine.setActive(false);
    }
    let newest = 0;
    for (const state of states.values()) {
      if (isValidAwarenessState(state) && state.save?.state === 'saved') newest = Math.max(newest, state.save.at);
    }
    const newestChanged = newest !== this.newestSavedAt;
    this.newestSavedAt = newest;
    if (
      newestChanged ||
      previous?.id !== next?.id ||
      previous?.save.state !== next?.save.state ||
      previous?.save.at !== next?.save.at
    ) {
      this.notify();
    }
  };

  private notify(): void {
    this.changed.emit();
  }
}
