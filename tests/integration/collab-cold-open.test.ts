import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { CloseCode } from '@shared/collab/close-codes';
import { createDoc } from '../helpers/api';
import { connectClient, contentOf, documentText, paragraph, waitSynced } from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { openDocument, startServer, type TestServer } from '../helpers/start-server';

type SyncMessage = { kind: 'step1' | 'step2' | 'update'; payload: Uint8Array } | { kind: 'other' };

/** Decodes a y-websocket frame far enough to tell sync steps apart. */
function decode(data: WebSocket.RawData): SyncMessage {
  const bytes = new Uint8Array(data as Buffer);
  const decoder = decoding.createDecoder(bytes);
  if (decoding.readVarUint(decoder) !== 0) return { kind: 'other' };
  const type = decoding.readVarUint(decoder);
  const kind = type === 0 ? 'step1' : type === 1 ? 'step2' : 'update';
  return { kind, payload: decoding.readVarUint8Array(decoder) };
}

/**
 * Opens a raw socket that records every sync message from the first one (a frame that arrives with the
 * upgrade's answer is emitted right after 'open', before an await could attach a listener).
 */
async function openRecorded(url: string): Promise<{ ws: WebSocket; seen: SyncMessage[] }> {
  const ws = new WebSocket(url);
  const seen: SyncMessage[] = [];
  ws.on('message', (data) => seen.push(decode(data)));
  ws.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  return { ws, seen };
}

const STEP_1_EMPTY = new Uint8Array([0, 0, 1, 0]);

/** Writes `count` paragraphs through a real client and waits until the document left memory. */
async function writeAndUnload(server: TestServer, id: string, token: string, count: number): Promise<string> {
  const writer = connectClient(server.collabUrl, id, token);
  await waitSynced(writer);
  writer.doc.transact(() => {
    contentOf(writer.doc).insert(
      0,
      Array.from({ length: count }, (_, i) => paragraph(`Paragraph ${i} of the cold document.`)),
    );
  });
  const text = documentText(writer.doc);
  await retryUntil(async () => expect(documentText((await openDocument(server, id))?.doc ?? new Y.Doc())).toBe(text));
  writer.destroy();
  await retryUntil(async () => {
    expect(server.app.collab.isOpen(id)).toBe(false);
    expect((await server.app.store.updates.load(id)).checkedAs).not.toBeNull();
  });
  return text;
}

describe('opening a document that is not in memory', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends a client that starts empty the stored, checked state first, then only what it lacks', async () => {
    const created = await createDoc(server.url);
    const text = await writeAndUnload(server, created.id, created.editorToken, 300);
    const stored = await server.app.store.updates.load(created.id);
    expect(stored.updates).toHaveLength(1);

    const { ws, seen } = await openRecorded(
      `${server.collabUrl}/${created.id}?token=${created.editorToken}&start=empty`,
    );
    ws.send(STEP_1_EMPTY);
    // The stored state comes first, before the room's own greeting (its sync step 1).
    await retryUntil(() => expect(seen.filter((m) => m.kind === 'step2')).toHaveLength(2));
    const [first] = seen;
    expect(first?.kind).toBe('step2');
    const whole = first && first.kind === 'step2' ? first.payload : new Uint8Array();
    expect(whole).toEqual(stored.updates[0]);
    const reader = new Y.Doc();
    Y.applyUpdate(reader, whole);
    expect(documentText(reader)).toBe(text);
    // The answer to its own request leaves out what the stored state already gave it.
    const answer = seen.filter((m) => m.kind === 'step2')[1];
    expect(answer && answer.kind === 'step2' ? answer.payload.byteLength : Infinity).toBeLessThan(64);
    expect(seen.some((m) => m.kind === 'step1')).toBe(true);

    // It edits like any client: the edit reaches another author.
    const other = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(other);
    const before = Y.encodeStateVector(reader);
    contentOf(reader).insert(0, [paragraph('Written by the raw client.')]);
    const edit = Y.encodeStateAsUpdate(reader, before);
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0);
    encoding.writeVarUint(encoder, 2);
    encoding.writeVarUint8Array(encoder, edit);
    const message = encoding.toUint8Array(encoder);
    ws.send(message);
    await retryUntil(() => expect(documentText(other.doc)).toContain('Written by the raw client.'));
    other.destroy();
    ws.close();
  });

  it('greets a client that does not say it starts empty as before (step 1 first)', async () => {
    const created = await createDoc(server.url);
    await writeAndUnload(server, created.id, created.editorToken, 5);
    const { ws, seen } = await openRecorded(`${server.collabUrl}/${created.id}?token=${created.editorToken}`);
    ws.send(STEP_1_EMPTY);
    await retryUntil(() => expect(seen.some((m) => m.kind === 'step2')).toBe(true));
    expect(seen[0]?.kind).toBe('step1');
    ws.close();
  });

  it('never sends stored content the model has not checked: a looser server’s document is repaired first', async () => {
    const loose = await startServer({ TANDEM_COLLAB_GUARD: 'off' });
    const dataDir = loose.dataDir;
    const created = await createDoc(loose.url);
    const c = connectClient(loose.collabUrl, created.id, created.editorToken);
    await waitSynced(c);
    c.doc.transact(() => {
      contentOf(c.doc).insert(0, [paragraph('keep me'), new Y.XmlElement('script')]);
      (contentOf(c.doc).get(0) as Y.XmlElement).setAttribute('onclick', 'alert(1)');
    });
    await retryUntil(async () => expect((await openDocument(loose, created.id))?.doc.toJSON()).toBeTruthy());
    await retryUntil(async () =>
      expect(contentOf((await openDocument(loose, created.id))?.doc ?? new Y.Doc()).toString()).toContain('script'),
    );
    c.destroy();
    await loose.app.collab.closeDocument(created.id, CloseCode.SHUTTING_DOWN);
    await loose.app.close();
    const strict = await startServer({}, dataDir);
    try {
      expect((await strict.app.store.updates.load(created.id)).checkedAs).toBeNull();
      const { ws, seen } = await openRecorded(
        `${strict.collabUrl}/${created.id}?token=${created.editorToken}&start=empty`,
      );
      ws.send(STEP_1_EMPTY);
      await retryUntil(() => expect(seen.some((m) => m.kind === 'step2')).toBe(true));
      expect(seen[0]?.kind).toBe('step1');
      const reader = new Y.Doc();
      for (const m of seen) if (m.kind === 'step2' || m.kind === 'update') Y.applyUpdate(reader, m.payload);
      expect(contentOf(reader).toString()).toContain('keep me');
      expect(contentOf(reader).toString()).not.toContain('script');
      expect(contentOf(reader).toString()).not.toContain('onclick');
      ws.close();
    } finally {
      await strict.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('checks again under other model options: the fast answer waits for a state checked by this model', async () => {
    const first = await startServer();
    const dataDir = first.dataDir;
    const created = await createDoc(first.url);
    await writeAndUnload(first, created.id, created.editorToken, 3);
    const checkedBy = (await first.app.store.updates.load(created.id)).checkedAs;
    await first.app.close();
    const other = await startServer({ TANDEM_EDITOR_OPTIONS: '{"fontSizes":[10,12,14]}' }, dataDir);
    try {
      expect((await other.app.store.updates.load(created.id)).checkedAs).toBe(checkedBy);
      const { ws, seen } = await openRecorded(
        `${other.collabUrl}/${created.id}?token=${created.editorToken}&start=empty`,
      );
      ws.send(STEP_1_EMPTY);
      await retryUntil(() => expect(seen.some((m) => m.kind === 'step2')).toBe(true));
      expect(seen[0]?.kind).toBe('step1');
      ws.close();
      // Unloaded again, the state is checked under this server's model.
      await retryUntil(async () => {
        expect(other.app.collab.isOpen(created.id)).toBe(false);
        const now = (await other.app.store.updates.load(created.id)).checkedAs;
        expect(now).not.toBeNull();
        expect(now).not.toBe(checkedBy);
      });
    } finally {
      await other.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
  it('answers a second request on the same socket with only what the first answer left out', async () => {
    const created = await createDoc(server.url);
    const writer = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(writer);
    writer.doc.transact(() => {
      contentOf(writer.doc).insert(
        0,
        Array.from({ length: 100 }, (_, i) => paragraph(`Warm paragraph ${i}.`)),
      );
    });
    const text = documentText(writer.doc);
    await retryUntil(async () =>
      expect(documentText((await openDocument(server, created.id))?.doc ?? new Y.Doc())).toBe(text),
    );
    // The document is in memory (a co-author has it open): the ordinary path.
    const { ws, seen } = await openRecorded(`${server.collabUrl}/${created.id}?token=${created.editorToken}`);
    ws.send(STEP_1_EMPTY);
    await retryUntil(() => expect(seen.filter((m) => m.kind === 'step2')).toHaveLength(1));
    // A provider that asks again with an empty state vector (it has not applied the answer yet).
    ws.send(STEP_1_EMPTY);
    await retryUntil(() => expect(seen.filter((m) => m.kind === 'step2')).toHaveLength(2));
    const [whole, again] = seen.filter((m) => m.kind === 'step2');
    const reader = new Y.Doc();
    if (whole?.kind === 'step2') Y.applyUpdate(reader, whole.payload);
    expect(documentText(reader)).toBe(text);
    expect(again && again.kind === 'step2' ? again.payload.byteLength : Infinity).toBeLessThan(64);
    ws.close();
    writer.destroy();
  });
});
