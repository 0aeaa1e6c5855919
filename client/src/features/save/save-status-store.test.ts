import { describe, expect, it, vi } from 'vitest';
import { SaveStatusStore } from './save-status-store';

describe('SaveStatusStore', () => {
  it('shows "Saving…" as soon as a Save is asked for online, before the saving code answers', () => {
    const store = new SaveStatusStore();
    store.set({ state: 'saved', at: 5, error: null });
    store.saveRequested();
    expect(store.get()).toMatchObject({ state: 'saving', at: 5, error: null, offline: false });
  });

  it('offline, a Save changes nothing but is counted so the status is announced again', () => {
    const store = new SaveStatusStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.setOffline(true);
    store.saveRequested();
    store.saveRequested();
    expect(store.get()).toMatchObject({ state: 'idle', offline: true, offlineSaves: 2 });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('keeps the offline flag over what the saving code reports, and notifies only on a change', () => {
    const store = new SaveStatusStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.setOffline(true);
    store.set({ state: 'retrying', at: 0, error: { code: 'SAVE_FAILED', number: 2 } });
    store.set({ state: 'retrying', at: 0, error: { code: 'SAVE_FAILED', number: 2 } });
    expect(store.get()).toMatchObject({ state: 'retrying', offline: true });
    expect(listener).toHaveBeenCalledTimes(2);
    store.setOffline(false);
    expect(store.get().offline).toBe(false);
  });
});
