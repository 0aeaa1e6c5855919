import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import { AutosaveLimits } from '@shared/limits';
import { SaveCoordinator, electSaver } from './save-election';
import { SaveEngine } from './save-engine';
import { saveSettings, type SaveRequest } from './save-request';

const user = { name: 'Ann', color: '#1971c2' };
const save = { state: 'saved', at: 1, hash: 'ab' };

describe('electSaver', () => {
  it('picks the smallest client id among valid editor states with a save field', () => {
    const states = new Map<number, unknown>([
      [30, { user, save }],
      [10, { user: { ...user, viewer: true } }],
      [20, { user, save: { ...save, state: 'idle' } }],
      [5, { user }],
    ]);
    expect(electSaver(states)).toEqual({ id: 20, save: { ...save, state: 'idle' } });
  });

  it('ignores hostile states: a viewer claiming to save, no user, junk', () => {
    const states = new Map<number, unknown>([
      [1, { user: { ...user, viewer: true }, save }],
      [2, { save }],
      [3, { user, save: { ...save, state: 'boss' } }],
      [4, { user, save: null }],
      [5, 'save'],
      [9, { user, save }],
    ]);
    expect(electSaver(states)?.id).toBe(9);
    expect(electSaver(new Map())).toBeNull();
  });
});

/** A client: its awareness and coordinator, with the document HTML it would save. */
function client(docId: string, id: number, sent: Array<{ id: number; request: SaveRequest }>, html: { value: string }) {
  const doc = new Y.Doc();
  doc.clientID = id;
  const awareness = new Awareness(doc);
  awareness.setLocalStateField('user', user);
  const engine = new SaveEngine({
    docId,
    settings: saveSettings({}, docId, 'tok', 'https://x.example'),
    html: () => html.value,
    send: (request) => {
      sent.push({ id, request });
      return Promise.resolve(true);
    },
  });
  engine.adoptBaseline();
  const coordinator = new SaveCoordinator(awareness, engine);
  return { awareness, engine, coordinator };
}

/** Relays every awareness change between the clients, as the server would. */
function relay(clients: Array<{ awareness: Awareness }>): void {
  for (const from of clients) {
    from.awareness.on('update', ({ added, updated, removed }: Record<string, number[]>, origin: unknown) => {
      if (origin === 'relay') return;
      const changed = [...(added ?? []), ...(updated ?? []), ...(removed ?? [])];
      const update = encodeAwarenessUpdate(from.awareness, changed);
      for (const to of clients) if (to !== from) applyAwarenessUpdate(to.awareness, update, 'relay');
    });
  }
}

describe('SaveCoordinator', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('one of three clients saves a change; all show its status; hand-over when it leaves', async () => {
    const sent: Array<{ id: number; request: SaveRequest }> = [];
    const html = { value: '<p></p>' };
    const clients = [client('d', 30, sent, html), client('d', 10, sent, html), client('d', 20, sent, html)];
    relay(clients);
    for (const c of clients) c.coordinator.start();
    expect(clients.map((c) => c.coordinator.saverId)).toEqual([10, 10, 10]);
    expect(clients.map((c) => c.coordinator.isSaver)).toEqual([false, true, false]);

    html.value = '<p>a</p>';
    for (const c of clients) c.engine.changed();
    await vi.advanceTimersByTimeAsync(AutosaveLimits.intervalMs);
    expect(sent.map((s) => s.id)).toEqual([10]);
    // Every author sees the saver's "Saved at".
    for (const c of clients) expect(c.coordinator.view()).toEqual({ state: 'saved', at: Date.now() });

    // The saver leaves with the state saved: the next takes over without sending it again.
    const [, saver, next] = clients;
    if (!saver || !next) throw new Error('clients');
    removeAwarenessStates(saver.awareness, [10], 'left');
    expect(next.coordinator.isSaver).toBe(true);
    expect(sent).toHaveLength(1);
    expect(next.coordinator.view().state).toBe('saved');

    // Unsaved changes when it leaves: the successor saves at once.
    html.value = '<p>ab</p>';
    removeAwarenessStates(next.awareness, [20], 'left');
    expect(clients[0]?.coordinator.isSaver).toBe(true);
    expect(sent.map((s) => s.id)).toEqual([10, 30]);
  });

  it('a non-saver that presses Save sends, and shows its own status', async () => {
    const sent: Array<{ id: number; request: SaveRequest }> = [];
    const html = { value: '<p>x</p>' };
    const clients = [client('d', 1, sent, html), client('d', 2, sent, html)];
    relay(clients);
    for (const c of clients) c.coordinator.start();
    clients[1]?.engine.save();
    expect(clients[1]?.coordinator.view().state).toBe('saving');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => s.id)).toEqual([2]);
    expect(clients[1]?.coordinator.view().state).toBe('saved');
  });

  it('a saver that stops saving (frozen tab, or an editor that never saves) is passed over by the next in line', async () => {
    const sent: Array<{ id: number; request: SaveRequest }> = [];
    const html = { value: '<p></p>' };
    const clients = [client('d', 10, sent, html), client('d', 20, sent, html), client('d', 30, sent, html)];
    relay(clients);
    for (const c of clients) c.coordinator.start();
    const [frozen, second, third] = clients;
    if (!frozen || !second || !third) throw new Error('clients');
    expect(second.coordinator.saverId).toBe(10);

    // Client 10 never runs its checks; the others see the change.
    html.value = '<p>lost?</p>';
    second.engine.changed();
    third.engine.changed();
    const stall = Math.max(
      AutosaveLimits.saverStallIntervals * AutosaveLimits.intervalMs,
      AutosaveLimits.saverStallMinMs,
    );
    await vi.advanceTimersByTimeAsync(stall);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2 * AutosaveLimits.intervalMs);
    // The next in line took over and saved; the one after it saw that and waited.
    expect(sent.map((s) => s.id)).toEqual([20]);
    expect(second.coordinator.isSaver).toBe(true);
    await vi.advanceTimersByTimeAsync(3 * stall);
    expect(sent.map((s) => s.id)).toEqual([20]);
    expect(third.coordinator.view().state).toBe('saved');
  });

  it('a saver that keeps saving while authors type without a pause is never passed over', async () => {
    const sent: Array<{ id: number; request: SaveRequest }> = [];
    const html = { value: '<p></p>' };
    const clients = [client('d', 10, sent, html), client('d', 20, sent, html), client('d', 30, sent, html)];
    relay(clients);
    for (const c of clients) c.coordinator.start();
    // Two minutes of typing, a key a second: the document is never exactly what was saved last.
    for (let second = 0; second < 120; second++) {
      html.value = `<p>${'a'.repeat(second + 1)}</p>`;
      for (const c of clients) c.engine.changed();
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(sent.length).toBeGreaterThan(5);
    expect(new Set(sent.map((s) => s.id))).toEqual(new Set([10]));
  });

  it('dispose withdraws the candidacy', () => {
    const sent: Array<{ id: number; request: SaveRequest }> = [];
    const html = { value: '' };
    const clients = [client('d', 1, sent, html), client('d', 2, sent, html)];
    relay(clients);
    for (const c of clients) c.coordinator.start();
    clients[0]?.coordinator.dispose();
    expect(clients[1]?.coordinator.isSaver).toBe(true);
  });
});
