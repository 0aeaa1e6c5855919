import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CollabSession } from '../../client/src/editor/collab/collab-provider';
import { createDoc } from '../helpers/api';
import { openBrowserSession, stubBrowser } from '../helpers/browser-session';
import { connectClient, waitSynced, type Client } from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

/*
 * The browser's collaboration session (client/src/editor/collab/collab-provider.ts) against the real server:
 * after its connection comes back, another author sees its caret again at once, not after the awareness
 * renewal 15 s later (the server and the other clients ignore a state whose clock is not newer than the one
 * they held when the connection closed).
 */

/** Far below the 15 s renewal, with room for y-websocket's reconnect backoff on a loaded machine. */
const BACK_WITHIN_MS = 5_000;
const ADA = { name: 'Ada', color: '#336699' };

describe('presence after the author’s connection comes back', () => {
  let server: TestServer;
  /** Ada's link to the server, to cut like a network drop. */
  let proxy: TcpProxy;
  let page: EventTarget;
  let ada: CollabSession | undefined;
  let watcher: Client | undefined;

  beforeAll(async () => {
    server = await startServer();
    proxy = await startTcpProxy(Number(new URL(server.url).port));
    page = stubBrowser(`127.0.0.1:${proxy.port}`);
  });

  afterEach(() => {
    ada?.destroy();
    ada = undefined;
    watcher?.destroy();
    watcher = undefined;
    proxy.restore();
  });

  afterAll(async () => {
    vi.unstubAllGlobals();
    await proxy.close();
    await server.close();
  });

  /** Ada in the browser session, and a plain y-websocket client that watches her presence. */
  async function openBoth(): Promise<{ session: CollabSession; sees: () => unknown }> {
    const { id, editorToken } = await createDoc(server.url);
    const session = openBrowserSession(id, editorToken);
    ada = session;
    session.provider.awareness.setLocalStateField('user', ADA);
    const other = connectClient(server.collabUrl, id, editorToken);
    watcher = other;
    await waitSynced(other);
    const sees = (): unknown => other.provider.awareness.getStates().get(session.doc.clientID);
    await retryUntil(() => expect(sees()).toEqual({ user: ADA }));
    return { session, sees };
  }

  it('comes back at once after the network dropped her socket', async () => {
    const { session, sees } = await openBoth();
    proxy.cut();
    // The server forgot her when her socket closed, and told the watcher.
    await retryUntil(() => expect(sees()).toBeUndefined());
    await retryUntil(() => expect(session.getState().status.kind).toBe('reconnecting'));
    proxy.restore();
    await retryUntil(() => expect(session.getState().status.kind).toBe('connected'), BACK_WITHIN_MS);
    await retryUntil(() => expect(sees()).toEqual({ user: ADA }), BACK_WITHIN_MS);
  });

  it('comes back at once after her browser was offline', async () => {
    const { session, sees } = await openBoth();
    page.dispatchEvent(new Event('offline'));
    await retryUntil(() => expect(sees()).toBeUndefined());
    expect(session.getState().status.kind).toBe('offline');
    page.dispatchEvent(new Event('online'));
    await retryUntil(() => expect(session.getState().status.kind).toBe('connected'), BACK_WITHIN_MS);
    await retryUntil(() => expect(sees()).toEqual({ user: ADA }), BACK_WITHIN_MS);
  });
});
