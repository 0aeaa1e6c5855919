import { isValidAwarenessState, type AwarenessSave, type AwarenessSaveState } from '@shared/collab/awareness-state';
import type { SaveEngine, SaveStatus } from './save-engine';

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
 * shared validator admits it only beside an editor's user). Null when no one does.
 */
export function electSaver(states: ReadonlyMap<number, unknown>): Saver | null {
  let saver: Saver | null = null;
  for (const [id, state] of states) {
    if (!isValidAwarenessState(state) || state.save === undefined) continue;
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
 * saved last (same hash).
 */
export class SaveCoordinator {
  private saver: Saver | null = null;
  private readonly listeners = new Set<() => void>();
  private unsubscribe: () => void = () => undefined;
  private started = false;

  constructor(
    private readonly awareness: AwarenessLike,
    private readonly engine: SaveEngine,
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
    return { state: saver.save.state, at: saver.save.at };
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    if (!this.started) return;
    this.awareness.off('change', this.elect);
    this.unsubscribe();
    this.listeners.clear();
    // Undefined is left out of the wire state (null would be refused by the validator).
    this.awareness.setLocalStateField('save', undefined);
  }

  private publish(status: SaveStatus): void {
    const save: AwarenessSave = { state: status.state, at: status.at, hash: status.hash };
    this.awareness.setLocalStateField('save', save);
  }

  private readonly elect = (): void => {
    const self = this.awareness.clientID;
    const previous = this.saver;
    const next = electSaver(this.awareness.getStates());
    this.saver = next;
    if (next === null || next.id === self) {
      // Handing over from another client; a client that starts alone has no predecessor.
      const predecessor = previous !== null && previous.id !== self ? previous.save : null;
      this.engine.setActive(true, predecessor);
    } else {
      this.engine.setActive(false);
    }
    if (previous?.id !== next?.id || previous?.save.state !== next?.save.state || previous?.save.at !== next?.save.at) {
      this.notify();
    }
  };

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
