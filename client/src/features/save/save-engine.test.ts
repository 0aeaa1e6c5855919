import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutosaveLimits } from '@shared/limits';
import { EXPLICIT_SAVE_HEADER } from '@shared/api/versions';
import { memoryPendingStore, type PendingStore } from './pending-store';
import { SaveEngine, realTimers, type SaveStatus } from './save-engine';
import { htmlHash } from './save-hash';
import { saveSettings, type SaveRequest } from './save-request';

const ORIGIN = 'https://docs.example.com';
const interval = AutosaveLimits.intervalMs;

interface Harness {
  engine: SaveEngine;
  sent: SaveRequest[];
  states: SaveStatus['state'][];
  doc: { html: string };
  /** The answers of the next requests (true = 200); default true. */
  answers: boolean[];
  pending: PendingStore;
}

function harness(options: Record<string, unknown> = {}, pending: PendingStore = memoryPendingStore()): Harness {
  const sent: SaveRequest[] = [];
  const answers: boolean[] = [];
  const doc = { html: '<p></p>' };
  const engine = new SaveEngine({
    docId: 'doc1',
    settings: saveSettings(options, 'doc1', 'tok', ORIGIN),
    html: () => doc.html,
    send: (request) => {
      sent.push(request);
      return Promise.resolve(answers.shift() ?? true);
    },
    timers: realTimers,
    random: () => 1,
    pending,
  });
  const states: SaveStatus['state'][] = [];
  engine.subscribe((s) => states.push(s.state));
  engine.adoptBaseline();
  engine.setActive(true);
  return { engine, sent, states, doc, answers, pending };
}

const bodyOf = (request: SaveRequest | undefined): string | null =>
  new URLSearchParams(request?.init.body ?? '').get('body');

describe('SaveEngine: the §32 checklist', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-01-01T14:32:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('type "a": no request before the interval, one POST with body=<p>a</p> at it, none after', async () => {
    const h = harness();
    h.doc.html = '<p>a</p>';
    h.engine.changed();
    await vi.advanceTimersByTimeAsync(interval - 1);
    expect(h.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]?.init.method).toBe('POST');
    expect(h.sent[0]?.url).toBe(`${ORIGIN}/api/documents/doc1/snapshots`);
    expect(h.sent[0]?.init.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(h.sent[0]?.init.headers.authorization).toBe('Bearer tok');
    expect(h.sent[0]?.init.headers[EXPLICIT_SAVE_HEADER]).toBeUndefined();
    expect(bodyOf(h.sent[0])).toBe('<p>a</p>');
    expect(h.engine.status).toMatchObject({ state: 'saved', at: Date.now(), hash: htmlHash('<p>a</p>') });
    expect(h.states).toEqual(['idle', 'saving', 'saved']);
    // No further change: no second request.
    await vi.advanceTimersByTimeAsync(interval * 5);
    expect(h.sent).toHaveLength(1);
  });

  it('saves about an interval after the first change, not after typing stops', async () => {
    const h = harness();
    for (let i = 1; i <= 8; i++) {
      h.doc.html = `<p>${'a'.repeat(i)}</p>`;
      h.engine.changed();
      await vi.advanceTimersByTimeAsync(interval / 4);
    }
    // Eight changes over two intervals: two saves, each with the HTML of its check.
    expect(h.sent.map(bodyOf)).toEqual(['<p>aaaa</p>', '<p>aaaaaaaa</p>']);
  });

  it('a change back to the saved HTML sends nothing', async () => {
    const h = harness();
    h.doc.html = '<p>x</p>';
    h.engine.changed();
    h.doc.html = '<p></p>';
    await vi.advanceTimersByTimeAsync(interval);
    expect(h.sent).toHaveLength(0);
  });

  it('Save (button, Ctrl+S) posts at once, also without a change, with the explicit header', async () => {
    const h = harness();
    h.engine.save();
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]?.init.headers[EXPLICIT_SAVE_HEADER]).toBe('explicit');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.engine.status.state).toBe('saved');
  });

  it('saveInterval 0 turns autosave off but keeps the Save button', async () => {
    const h = harness({ saveInterval: 0 });
    h.doc.html = '<p>a</p>';
    h.engine.changed();
    await vi.advanceTimersByTimeAsync(AutosaveLimits.maxIntervalMs);
    expect(h.sent).toHaveLength(0);
    h.engine.save();
    expect(h.sent).toHaveLength(1);
  });

  it('no saveURL: save error 1 state and no request, for autosave and Save', async () => {
    const h = harness({ saveURL: null });
    h.doc.html = '<p>a</p>';
    h.engine.changed();
    await vi.advanceTimersByTimeAsync(interval);
    expect(h.engine.status.state).toBe('noUrl');
    h.engine.save();
    expect(h.sent).toHaveLength(0);
  });

  it('a failure (status ≠ 200) retries with backoff until it succeeds, with the newest HTML', async () => {
    const h = harness();
    h.answers.push(false, false, false);
    h.doc.html = '<p>a</p>';
    h.engine.changed();
    await vi.advanceTimersByTimeAsync(interval);
    expect(h.sent).toHaveLength(1);
    expect(h.engine.status.state).toBe('retrying');
    expect(await h.pending.get('doc1')).toBe('<p>a</p>');
    // random() = 1: the full cap of each step, 1 s then 2 s then 4 s.
    await vi.advanceTimersByTimeAsync(AutosaveLimits.retryBaseMs - 1);
    expect(h.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sent).toHaveLength(2);
    h.doc.html = '<p>ab</p>';
    await vi.advanceTimersByTimeAsync(2 * AutosaveLimits.retryBaseMs);
    expect(h.sent).toHaveLength(3);
    expect(bodyOf(h.sent[2])).toBe('<p>ab</p>');
    await vi.advanceTimersByTimeAsync(4 * AutosaveLimits.retryBaseMs);
    expect(h.sent).toHaveLength(4);
    expect(h.engine.status.state).toBe('saved');
    expect(await h.pending.get('doc1')).toBeNull();
    await vi.advanceTimersByTimeAsync(AutosaveLimits.retryMaxMs * 2);
    expect(h.sent).toHaveLength(4);
  });

  it('back online, a save waiting for its next retry is sent at once, not at the next backoff step', async () => {
    const h = harness();
    h.answers.push(false, false);
    h.doc.html = '<p>offline</p>';
    h.engine.changed();
    await vi.advanceTimersByTimeAsync(interval);
    await vi.advanceTimersByTimeAsync(AutosaveLimits.retryBaseMs);
    expect(h.sent).toHaveLength(2);
    h.engine.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sent).toHaveLength(3);
    expect(bodyOf(h.sent[2])).toBe('<p>offline</p>');
    expect(h.engine.status.state).toBe('saved');
    // Nothing waiting: nothing sent.
    h.engine.retryNow();
    await vi.advanceTimersByTimeAsync(AutosaveLimits.retryMaxMs);
    expect(h.sent).toHaveLength(3);
  });

  it('a change while retrying keeps the newest HTML for a reload', async () => {
    const h = harness();
    h.answers.push(false);
    h.doc.html = '<p>a</p>';
    h.engine.save();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.engine.status.state).toBe('retrying');
    h.doc.html = '<p>abc</p>';
    h.engine.changed();
    await vi.advanceTimersByTimeAsync(interval - 1);
    // The retry (≤ 1 s) already sent the newest HTML and succeeded.
    expect(bodyOf(h.sent.at(-1))).toBe('<p>abc</p>');
    expect(h.engine.status.state).toBe('saved');
  });

  it('a network error counts as a failure', async () => {
    vi.useRealTimers();
    const engine = new SaveEngine({
      docId: 'd',
      settings: saveSettings({}, 'd', 't', ORIGIN),
      html: () => '<p>x</p>',
      send: () => Promise.reject(new TypeError('network')),
      random: () => 0.5,
    });
    const failed = new Promise<void>((resolve) => engine.subscribe((s) => s.state === 'retrying' && resolve()));
    engine.save();
    await failed;
    engine.dispose();
  });

  it('one request at a time: a Save during a save follows it', async () => {
    const h = harness();
    let release: (ok: boolean) => void = () => undefined;
    const engine = new SaveEngine({
      docId: 'doc1',
      settings: saveSettings({}, 'doc1', 'tok', ORIGIN),
      html: () => h.doc.html,
      send: (request) => {
        h.sent.push(request);
        return new Promise((resolve) => (release = resolve));
      },
    });
    engine.setActive(true);
    engine.save();
    engine.save();
    expect(h.sent).toHaveLength(1);
    release(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1]?.init.headers[EXPLICIT_SAVE_HEADER]).toBe('explicit');
    release(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.status.state).toBe('saved');
  });
});

describe('SaveEngine: saver role and hand-over', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('an inactive client does not autosave, but its Save does', async () => {
    const h = harness();
    h.engine.setActive(false);
    h.doc.html = '<p>a</p>';
    h.engine.changed();
    await vi.advanceTimersByTimeAsync(interval);
    expect(h.sent).toHaveLength(0);
    h.engine.save();
    expect(h.sent).toHaveLength(1);
  });

  it('the successor saves at once when the HTML differs from what its predecessor saved', () => {
    const h = harness();
    h.engine.setActive(false);
    h.doc.html = '<p>changed</p>';
    h.engine.setActive(true, { state: 'saved', at: 5, hash: htmlHash('<p>before</p>') });
    expect(h.sent.map(bodyOf)).toEqual(['<p>changed</p>']);
  });

  it('the successor sends nothing when its predecessor saved this HTML, and shows its time', () => {
    const h = harness();
    h.engine.setActive(false);
    h.doc.html = '<p>same</p>';
    h.engine.setActive(true, { state: 'saved', at: 1234, hash: htmlHash('<p>same</p>') });
    expect(h.sent).toHaveLength(0);
    expect(h.engine.status).toMatchObject({ state: 'saved', at: 1234, hash: htmlHash('<p>same</p>') });
  });

  it('a check scheduled while saver still runs after the role moved on', async () => {
    const h = harness();
    h.doc.html = '<p>a</p>';
    h.engine.changed();
    h.engine.setActive(false);
    await vi.advanceTimersByTimeAsync(interval);
    expect(h.sent).toHaveLength(1);
  });

  it('a client that stops being the saver stops retrying an autosave', async () => {
    const h = harness();
    h.answers.push(false);
    h.doc.html = '<p>a</p>';
    h.engine.changed();
    await vi.advanceTimersByTimeAsync(interval);
    expect(h.engine.status.state).toBe('retrying');
    h.engine.setActive(false);
    expect(h.engine.status.state).toBe('idle');
    await vi.advanceTimersByTimeAsync(AutosaveLimits.retryMaxMs);
    expect(h.sent).toHaveLength(1);
  });
});

describe('SaveEngine: leaving the page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the saver sends unsaved changes with keepalive and keeps them for the next open', async () => {
    const h = harness();
    h.doc.html = '<p>typed just before closing</p>';
    h.engine.changed();
    h.engine.flush();
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]?.init.keepalive).toBe(true);
    expect(await h.pending.get('doc1')).toBe('<p>typed just before closing</p>');
  });

  it('nothing unsaved, not the saver, or too large for keepalive: no request', async () => {
    const h = harness();
    h.engine.flush();
    expect(h.sent).toHaveLength(0);
    h.engine.setActive(false);
    h.doc.html = '<p>other</p>';
    h.engine.changed();
    h.engine.flush();
    expect(h.sent).toHaveLength(0);
    h.engine.setActive(true);
    h.doc.html = `<p>${'x'.repeat(70_000)}</p>`;
    h.engine.flush();
    expect(h.sent).toHaveLength(0);
    expect(await h.pending.get('doc1')).toBe(h.doc.html);
  });
});

describe('SaveEngine: pending saves survive a reload', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a failed body is sent when the document opens again, then cleared', async () => {
    const storage = memoryPendingStore();
    const first = harness({}, storage);
    first.answers.push(false);
    first.doc.html = '<p>unsaved</p>';
    first.engine.save();
    await vi.advanceTimersByTimeAsync(0);
    first.engine.dispose();
    expect(await storage.get('doc1')).toBe('<p>unsaved</p>');

    const second = harness({}, storage);
    second.doc.html = '<p>unsaved</p>';
    await second.engine.restore();
    expect(second.sent.map(bodyOf)).toEqual(['<p>unsaved</p>']);
    await vi.advanceTimersByTimeAsync(0);
    expect(second.engine.status.state).toBe('saved');
    expect(await storage.get('doc1')).toBeNull();
    // The document is what was restored: nothing more to send.
    await vi.advanceTimersByTimeAsync(interval);
    expect(second.sent).toHaveLength(1);
  });

  it('a restored body older than the document is followed by the document', async () => {
    const storage = memoryPendingStore();
    await storage.set('doc1', '<p>old</p>');
    const h = harness({}, storage);
    h.doc.html = '<p>newer</p>';
    await h.engine.restore();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sent.map(bodyOf)).toEqual(['<p>old</p>', '<p>newer</p>']);
  });

  it('nothing stored, nothing sent; no saveURL keeps the body', async () => {
    const h = harness();
    await h.engine.restore();
    expect(h.sent).toHaveLength(0);
    const storage = memoryPendingStore();
    await storage.set('doc1', '<p>x</p>');
    const noUrl = harness({ saveURL: null }, storage);
    await noUrl.engine.restore();
    expect(noUrl.sent).toHaveLength(0);
    expect(await storage.get('doc1')).toBe('<p>x</p>');
  });
});
