import * as encoding from 'lib0/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode } from '@shared/collab/close-codes';
import { CollabLimits } from '@shared/limits';
import { createDoc } from '../helpers/api';
import {
  appendParagraph,
  connectClient,
  documentText,
  rawSocket,
  waitSynced,
  type Client,
} from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import type { CollabConnection } from '../../server/src/domain/collab/collab-core';
import { openDocument, startServer, type TestServer } from '../helpers/start-server';

const frame = (...parts: Array<(e: encoding.Encoder) => void>): Uint8Array => {
  const e = encoding.createEncoder();
  for (const p of parts) p(e);
  return encoding.toUint8Array(e);
};
const uint = (n: number) => (e: encoding.Encoder) => encoding.writeVarUint(e, n);
const bytes = (b: Uint8Array) => (e: encoding.Encoder) => encoding.writeVarUint8Array(e, b);
const str = (s: string) => (e: encoding.Encoder) => encoding.writeVarString(e, s);

describe('collaboration limits and malformed input', () => {
  let server: TestServer;
  let docId: string;
  let token: string;
  let bystander: Client;

  beforeAll(async () => {
    server = await startServer({
      TANDEM_MAX_MESSAGE_BYTES: '4096',
      TANDEM_MAX_AWARENESS_BYTES: '1024',
      TANDEM_MESSAGES_PER_SECOND: '50',
      TANDEM_MESSAGE_BURST: '100',
    });
    const created = await createDoc(server.url);
    docId = created.id;
    token = created.editorToken;
    bystander = connectClient(server.collabUrl, docId, token);
    await waitSynced(bystander);
  });
  afterAll(async () => {
    bystander.destroy();
    await server.close();
  });

  /** After each refusal, the other client's connection still works. */
  const bystanderStillWorks = async (): Promise<void> => {
    const probe = connectClient(server.collabUrl, docId, token);
    await waitSynced(probe);
    const marker = `ok${Math.random()}`;
    appendParagraph(probe.doc, marker);
    await retryUntil(() => expect(documentText(bystander.doc).split('\n')).toContain(marker));
    expect(bystander.provider.wsconnected).toBe(true);
    probe.destroy();
  };

  const sendAndClose = async (data: Uint8Array | string): Promise<number> => {
    const { ws, closed } = await rawSocket(`${server.collabUrl}/${docId}?token=${token}`);
    ws.send(data);
    return (await closed).code;
  };

  it.each([
    ['a text frame', 'hello'],
    ['an unknown message type', frame(uint(99))],
    ['an unknown sync type', frame(uint(0), uint(7), bytes(new Uint8Array([0, 0])))],
    ['a truncated frame', new Uint8Array([0])],
    ['a garbage update', frame(uint(0), uint(2), bytes(new Uint8Array([255, 255, 255, 255, 1, 2, 3])))],
    ['a bad state vector', frame(uint(0), uint(0), bytes(new Uint8Array([5, 1])))],
    ['awareness that is not JSON', frame(uint(1), bytes(frame(uint(1), uint(7), uint(1), str('{nope'))))],
  ])('closes only the socket that sent %s', async (_name, data) => {
    expect(await sendAndClose(data)).toBe(CloseCode.MALFORMED_MESSAGE.code);
    await bystanderStillWorks();
  });

  it('closes a socket whose frame exceeds maxPayload with 1009', async () => {
    expect(await sendAndClose(new Uint8Array(4097))).toBe(1009);
    await bystanderStillWorks();
  });

  it('refuses awareness above its size limit', async () => {
    const big = frame(uint(1), bytes(frame(uint(1), uint(42), uint(1), str(JSON.stringify({ x: 'y'.repeat(2000) })))));
    expect(await sendAndClose(big)).toBe(CloseCode.AWARENESS_REFUSED.code);
    await bystanderStillWorks();
  });

  it("refuses awareness that takes over another connection's client id", async () => {
    bystander.provider.awareness.setLocalStateField('user', { name: 'Owner', color: '#000000' });
    const owns = (c: CollabConnection): boolean => c.awarenessIds.has(bystander.doc.clientID);
    await retryUntil(async () =>
      expect([...((await openDocument(server, docId))?.connections ?? [])].some(owns)).toBe(true),
    );
    const open = await openDocument(server, docId);
    const clock = (open?.awareness.meta.get(bystander.doc.clientID)?.clock ?? 0) + 5;
    const spoof = frame(uint(1), bytes(frame(uint(1), uint(bystander.doc.clientID), uint(clock), str('null'))));
    expect(await sendAndClose(spoof)).toBe(CloseCode.AWARENESS_REFUSED.code);
    expect(bystander.provider.awareness.getStates().has(bystander.doc.clientID)).toBe(true);
    await bystanderStillWorks();
  });

  it('a newer state for a held presence id: a holder that answers its ping keeps it, a silent one hands it over', async () => {
    const url = `${server.collabUrl}/${docId}?token=${token}`;
    const clientId = 777_001;
    const state = (name: string): string => JSON.stringify({ user: { name, color: '#1864ab' } });
    const presence = (clock: number, name: string): Uint8Array =>
      frame(uint(1), bytes(frame(uint(1), uint(clientId), uint(clock), str(state(name)))));
    const seenName = (): unknown =>
      (bystander.provider.awareness.getStates().get(clientId) as { user?: { name?: string } } | undefined)?.user?.name;

    // The holder answers pings: a claim with a newer clock is refused, and the holder keeps its presence.
    const holder = await rawSocket(url);
    holder.ws.send(presence(1, 'Holder'));
    await retryUntil(() => expect(seenName()).toBe('Holder'));
    const thief = await rawSocket(url);
    thief.ws.send(presence(9, 'Thief'));
    expect((await thief.closed).code).toBe(CloseCode.AWARENESS_REFUSED.code);
    expect(seenName()).toBe('Holder');
    holder.ws.close();
    await retryUntil(() => expect(seenName()).toBeUndefined());

    // An author whose network vanished: the server still holds the old socket, which answers nothing. The
    // same author, back on a new socket with a newer clock, takes the presence over within the probe time.
    const lost = await rawSocket(url, { autoPong: false });
    lost.ws.send(presence(20, 'Ada'));
    await retryUntil(() => expect(seenName()).toBe('Ada'));
    const back = await rawSocket(url);
    back.ws.send(presence(21, 'Ada again'));
    await retryUntil(() => expect(seenName()).toBe('Ada again'), CollabLimits.contestedProbeMs + 3_000);
    expect(back.ws.readyState).toBe(back.ws.OPEN);
    // The silent socket was dropped; the new one holds the id (its own updates pass).
    back.ws.send(presence(22, 'Ada moved'));
    await retryUntil(() => expect(seenName()).toBe('Ada moved'));
    back.ws.close();
    lost.ws.terminate();
    await bystanderStillWorks();
  });

  it('closes a socket that floods messages with the rate-limit code', async () => {
    const { ws, closed } = await rawSocket(`${server.collabUrl}/${docId}?token=${token}`);
    const query = frame(uint(3));
    for (let i = 0; i < 300; i++) ws.send(query);
    expect((await closed).code).toBe(CloseCode.RATE_LIMITED.code);
    await bystanderStillWorks();
  });

  it('refuses a connection beyond the per-document cap with its typed code, and admits one again after a leave', async () => {
    const capped = await startServer({ TANDEM_MAX_CONNECTIONS_PER_DOCUMENT: '2' });
    const clients: Client[] = [];
    try {
      const created = await createDoc(capped.url);
      const connect = (): Client => {
        const c = connectClient(capped.collabUrl, created.id, created.editorToken);
        clients.push(c);
        return c;
      };
      const [first, second] = [connect(), connect()];
      if (!first || !second) throw new Error('two clients');
      await Promise.all([waitSynced(first), waitSynced(second)]);
      const third = connect();
      await retryUntil(() => expect(third.closeCodes).toContain(CloseCode.TOO_MANY_CONNECTIONS.code));
      // Once a place is free, the refused client gets in (y-websocket stops at 44xx codes: it asks again).
      first.destroy();
      await retryUntil(async () => {
        third.provider.connect();
        await waitSynced(third, 1_000);
      });
    } finally {
      for (const c of clients) c.destroy();
      await capped.close();
    }
  });

  it('refuses an update that would push the document past its size limit', async () => {
    const small = await startServer({ TANDEM_MAX_DOCUMENT_BYTES: '2048' });
    try {
      const created = await createDoc(small.url);
      const c = connectClient(small.collabUrl, created.id, created.editorToken);
      await waitSynced(c);
      appendParagraph(c.doc, 'z'.repeat(3000));
      await retryUntil(() => expect(c.closeCodes).toContain(CloseCode.DOC_TOO_LARGE.code));
      c.destroy();
    } finally {
      await small.close();
    }
  });
});
