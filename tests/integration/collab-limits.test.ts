import * as encoding from 'lib0/encoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode } from '@shared/collab/close-codes';
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
