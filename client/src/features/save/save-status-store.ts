import type { AwarenessSaveState } from '@shared/collab/awareness-state';

/** What the status bar shows; `error` names the baseline save error (code and number) to show with it. */
export interface SaveStatusView {
  state: AwarenessSaveState;
  at: number;
  error: { code: string; number: number } | null;
}

const IDLE: SaveStatusView = { state: 'idle', at: 0, error: null };

/** The status of this editor's saving, for useSyncExternalStore (the session code loads later). */
export class SaveStatusStore {
  private view: SaveStatusView = IDLE;
  private readonly listeners = new Set<() => void>();

  get = (): SaveStatusView => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(view: SaveStatusView): void {
    const old = this.view;
    if (
      old.state === view.state &&
      old.at === view.at &&
      old.error?.code === view.error?.code &&
      old.error?.number === view.error?.number
    )
      return;
    this.view = view;
    for (const listener of [...this.listeners]) listener();
  }
}
