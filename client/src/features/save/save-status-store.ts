import type { AwarenessSaveState } from '@shared/collab/awareness-state';
import { store } from '../../lib/store';

/** What the status bar shows; `error` names the baseline save error (code and number) to show with it. */
export interface SaveStatusView {
  state: AwarenessSaveState;
  at: number;
  error: { code: string; number: number } | null;
}

const IDLE: SaveStatusView = { state: 'idle', at: 0, error: null };

/** The status of this editor's saving, for useStore (the session code loads later); changes only when what shows does. */
export class SaveStatusStore {
  private readonly view = store(IDLE);

  get = this.view.get;

  subscribe = this.view.subscribe;

  set(view: SaveStatusView): void {
    const old = this.view.get();
    if (
      old.state === view.state &&
      old.at === view.at &&
      old.error?.code === view.error?.code &&
      old.error?.number === view.error?.number
    )
      return;
    this.view.set(view);
  }
}
