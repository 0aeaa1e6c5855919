import type { AwarenessSaveState } from '@shared/collab/awareness-state';
import { store } from '../../lib/store';

/** What the status bar shows; `error` names the baseline save error (code and number) to show with it. */
export interface SaveStatusView {
  state: AwarenessSaveState;
  at: number;
  error: { code: string; number: number } | null;
  /**
   * The browser is offline: nothing can be saved now, and that is not an error. Changes are kept on
   * this device (IndexedDB) and saved when the connection is back.
   */
  offline: boolean;
  /** Counts Save requests made while offline, so each one is announced again. */
  offlineSaves: number;
}

const IDLE: SaveStatusView = { state: 'idle', at: 0, error: null, offline: false, offlineSaves: 0 };

/** What the saving code reports; the store adds what it knows before that code is there. */
export type SessionView = Pick<SaveStatusView, 'state' | 'at' | 'error'>;

/** The status of this editor's saving, for useStore (the session code loads later); changes only when what shows does. */
export class SaveStatusStore {
  private readonly view = store(IDLE);

  get = this.view.get;

  subscribe = this.view.subscribe;

  /** The saving code's view (state, time, error). */
  set(session: SessionView): void {
    this.update(session);
  }

  /** The browser went offline or came back. */
  setOffline(offline: boolean): void {
    this.update({ offline });
  }

  /**
   * Save (button, Ctrl/Cmd+S) was asked for: online, "Saving…" shows at once, before the saving code has
   * answered; offline, the status says again where the changes are.
   */
  saveRequested(): void {
    const view = this.view.get();
    if (view.offline) this.update({ offlineSaves: view.offlineSaves + 1 });
    else this.update({ state: 'saving', error: null });
  }

  private update(patch: Partial<SaveStatusView>): void {
    const old = this.view.get();
    const next = { ...old, ...patch };
    if (
      old.state === next.state &&
      old.at === next.at &&
      old.error?.code === next.error?.code &&
      old.error?.number === next.error?.number &&
      old.offline === next.offline &&
      old.offlineSaves === next.offlineSaves
    )
      return;
    this.view.set(next);
  }
}
