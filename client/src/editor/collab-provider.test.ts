import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { CloseCode } from '@shared/collab/close-codes';
import { ConnectionLimits } from '@shared/limits';
import { CollabSession, shouldRetry } from './collab-provider';

type Script = (socket: FakeSocket) => void;

/** A socket that plays a script instead of talking to a server. */
class FakeSocket {
  static script: Script = () => undefined;
  static created = 0;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'arraybuffer';
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onmessage: ((event: { data: ArrayBuffer }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor() {
    FakeSocket.created++;
    setTimeout(() => FakeSocket.script(this), 0);
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }

  serverClose(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }

  send(): void {}

  close(): void {
    this.readyState = 3;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let session: CollabSession | undefined;

function open(script: Script): CollabSession {
  FakeSocket.script = script;
  FakeSocket.created = 0;
  session = new CollabSession('doc-1', 'v1.doc-1.e.sig', {
    WebSocketPolyfill: FakeSocket as unknown as typeof WebSocket,
  });
  return session;
}

describe('CollabSession connection states', () => {
  afterEach(() => {
    session?.destroy();
    session = undefined;
    localStorage.clear();
  });

  it('retries only the close codes that say a retry can help', () => {
    expect(shouldRetry(CloseCode.UNAUTHORIZED.code)).toBe(false);
    expect(shouldRetry(CloseCode.DOC_DELETED.code)).toBe(false);
    expect(shouldRetry(CloseCode.RATE_LIMITED.code)).toBe(true);
    expect(shouldRetry(CloseCode.TOO_MANY_CONNECTIONS.code)).toBe(true);
    expect(shouldRetry(1006)).toBe(true);
  });

  it('stops reconnecting after a final refusal and names it', async () => {
    const s = open((ws) => {
      ws.open();
      ws.serverClose(CloseCode.UNAUTHORIZED.code);
    });
    await sleep(700);
    expect(s.getState().status).toEqual({ kind: 'refused', closeCode: 'UNAUTHORIZED' });
    expect(s.provider.shouldConnect).toBe(false);
    expect(FakeSocket.created).toBe(1);
  });

  it('keeps reconnecting after a rate-limit close, although it is in the 44xx range', async () => {
    const s = open((ws) => {
      ws.open();
      ws.serverClose(CloseCode.RATE_LIMITED.code);
    });
    await sleep(700);
    expect(s.getState().status.kind).toBe('reconnecting');
    expect(FakeSocket.created).toBeGreaterThan(1);
  });

  it('reports a blocked connection after attempts that never opened', async () => {
    const s = open((ws) => ws.serverClose(1006));
    await sleep(900);
    expect(FakeSocket.created).toBeGreaterThanOrEqual(ConnectionLimits.failedAttemptsBeforeBlocked);
    expect(s.getState().status.kind).toBe('blocked');
  });

  it('counts local changes made while not connected', async () => {
    const s = open(() => undefined);
    await s.local.whenSynced;
    s.doc.getMap('meta').set('title', 'a');
    s.doc.getMap('meta').set('title', 'b');
    expect(s.getState().unsynced).toBe(2);
    expect(s.getState().localReady).toBe(true);
    s.destroy();
    // A reload while still offline keeps showing them.
    expect(open(() => undefined).getState().unsynced).toBe(2);
  });
});
