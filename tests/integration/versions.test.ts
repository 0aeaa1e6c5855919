import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { CreatedDocument } from '@shared/api/documents';
import {
  EXPLICIT_SAVE_HEADER,
  EXPLICIT_SAVE_VALUE,
  type VersionDetail,
  type VersionListItem,
} from '@shared/api/versions';
import { VersionLimits } from '@shared/limits';
import { api, createDoc } from '../helpers/api';
import { connectClient, contentOf, textOf, typeText, waitSynced, type Client } from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { openDocument, startServer, type TestServer } from '../helpers/start-server';

let now = Date.UTC(2026, 0, 5, 9, 0, 0);
const clock = (): number => now;

async function listVersions(
  server: TestServer,
  doc: CreatedDocument,
  query = '',
  token = doc.viewerToken,
): Promise<{ status: number; total: string | null; items: VersionListItem[] }> {
  const res = await fetch(`${server.url}/api/documents/${doc.id}/versions${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body: unknown = await res.json();
  return { status: res.status, total: res.headers.get('x-total-count'), items: body as VersionListItem[] };
}

/** The server's copy of the document has `text` in its first paragraph and every change is stored. */
async function settled(server: TestServer, docId: string, text: string): Promise<void> {
  // openDocument resolves once the changes so far are stored.
  await retryUntil(async () => {
    const open = await openDocument(server, docId);
    const first = open ? contentOf(open.doc).get(0) : undefined;
    expect(first instanceof Y.XmlElement ? first.toString() : '').toContain(text);
  });
}

function firstText(client: Client): Y.XmlText {
  const first = contentOf(client.doc).get(0);
  if (!(first instanceof Y.XmlElement)) throw new Error('no first paragraph');
  return textOf(first);
}

describe('version history', () => {
  let server: TestServer;
  const clients: Client[] = [];

  /** An editor (or viewer) client whose awareness name the server already holds. */
  async function join(doc: CreatedDocument, name: string, token = doc.editorToken): Promise<Client> {
    const client = connectClient(server.collabUrl, doc.id, token);
    clients.push(client);
    await waitSynced(client);
    // A viewer's awareness must say so (the server refuses it otherwise).
    const viewer = token === doc.viewerToken;
    client.provider.awareness.setLocalStateField('user', { name, color: '#1971c2', ...(viewer ? { viewer } : {}) });
    await retryUntil(async () => {
      const states = [...((await openDocument(server, doc.id))?.awareness.states.values() ?? [])];
      expect(states.some((s) => (s as { user?: { name?: string } }).user?.name === name)).toBe(true);
    });
    return client;
  }

  async function type(client: Client, doc: CreatedDocument, index: number, text: string): Promise<void> {
    typeText(client.doc, index, text);
    await settled(server, doc.id, firstText(client).toString());
  }

  beforeAll(async () => {
    server = await startServer({}, undefined, { clock });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.destroy();
  });
  afterAll(async () => {
    await server.close();
  });

  it('records a version once a burst of edits has been idle, with its author and changes', async () => {
    const doc = await createDoc(server.url);
    const ada = await join(doc, 'Ada');
    await type(ada, doc, 0, 'Hello world');
    await server.app.versions.runDue();
    now += VersionLimits.idleMs - 1;
    await server.app.versions.runDue();
    expect((await listVersions(server, doc)).items).toEqual([]);

    now += 1;
    await server.app.versions.runDue();
    const first = await listVersions(server, doc);
    expect(first.total).toBe('1');
    expect(first.items[0]).toMatchObject({
      reason: 'idle',
      authors: ['Ada'],
      chars: 11,
      inserted: 11,
      deleted: 0,
      name: null,
      createdAt: now,
    });
    expect(first.items[0]?.bytes).toBeGreaterThan(0);

    // Nothing new: the next checks record nothing.
    now += VersionLimits.idleMs * 3;
    await server.app.versions.runDue();
    expect((await listVersions(server, doc)).total).toBe('1');

    // "Hello world" → "Hello, big world!": deletes nothing, inserts 6; then "Hello" loses 3 characters.
    await type(ada, doc, 5, ',');
    await type(ada, doc, 7, 'big ');
    await type(ada, doc, 16, '!');
    ada.doc.transact(() => firstText(ada).delete(1, 3));
    await settled(server, doc.id, 'Ho, big world!');
    now += VersionLimits.idleMs;
    await server.app.versions.runDue();
    const second = await listVersions(server, doc);
    expect(second.items.map((v) => v.reason)).toEqual(['idle', 'idle']);
    expect(second.items[0]).toMatchObject({ chars: 'Ho, big world!'.length, inserted: 6, deleted: 3 });
  });

  it('records a version after a burst of edits that never pauses', async () => {
    const doc = await createDoc(server.url);
    const ada = await join(doc, 'Ada');
    const step = VersionLimits.idleMs / 2;
    const steps = VersionLimits.maxBurstMs / step;
    for (let i = 0; i < steps; i++) {
      await type(ada, doc, i, 'x');
      now += step;
      await server.app.versions.runDue();
      if (i < steps - 1) expect((await listVersions(server, doc)).items).toEqual([]);
    }
    const list = await listVersions(server, doc);
    expect(list.items.map((v) => v.reason)).toEqual(['burst']);
    expect(list.items[0]).toMatchObject({ chars: steps, inserted: steps, authors: ['Ada'] });
  });

  it('records a version when the last author leaves, naming every author', async () => {
    const doc = await createDoc(server.url);
    const ada = await join(doc, 'Ada');
    const bob = await join(doc, 'Bob');
    const viewer = await join(doc, 'Vera', doc.viewerToken);
    await type(bob, doc, 0, 'Bob wrote. ');
    await retryUntil(() => expect(firstText(ada).toString()).toBe('Bob wrote. '));
    await type(ada, doc, 11, 'Ada too.');
    bob.destroy();
    await retryUntil(async () => expect((await openDocument(server, doc.id))?.connections.size).toBe(2));
    expect((await listVersions(server, doc)).items).toEqual([]);
    // A viewer still there does not keep the burst open.
    ada.destroy();
    const list = await retryUntil(async () => {
      const l = await listVersions(server, doc);
      expect(l.items.length).toBe(1);
      return l;
    });
    expect(list.items[0]).toMatchObject({ reason: 'leave', authors: ['Bob', 'Ada'], chars: 19 });
    expect(viewer.provider.wsconnected).toBe(true);
  });

  it('records a version on an explicit save, and only on one', async () => {
    const doc = await createDoc(server.url);
    const ada = await join(doc, 'Ada');
    const save = (explicit: boolean, body: string) =>
      fetch(`${server.url}/api/documents/${doc.id}/snapshots`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${doc.editorToken}`,
          'content-type': 'application/json',
          ...(explicit ? { [EXPLICIT_SAVE_HEADER]: EXPLICIT_SAVE_VALUE } : {}),
        },
        body: JSON.stringify({ body }),
      });

    await type(ada, doc, 0, 'Saved');
    expect((await save(false, '<p>Saved</p>')).status).toBe(200);
    expect((await listVersions(server, doc)).items).toEqual([]);
    // The same body again (no new snapshot), now explicit: a version all the same.
    expect((await save(true, '<p>Saved</p>')).status).toBe(200);
    const list = await listVersions(server, doc);
    expect(list.items).toMatchObject([{ reason: 'save', authors: ['Ada'], chars: 5 }]);
    // Saving an unchanged document again adds nothing.
    expect((await save(true, '<p>Saved</p>')).status).toBe(200);
    expect((await listVersions(server, doc)).total).toBe('1');
    // The edit went into that version: the idle check has nothing left to record.
    now += VersionLimits.idleMs;
    await server.app.versions.runDue();
    expect((await listVersions(server, doc)).total).toBe('1');
    await type(ada, doc, 5, ' again');
    expect((await save(true, '<p>Saved again</p>')).status).toBe(200);
    expect((await listVersions(server, doc)).items.map((v) => v.inserted)).toEqual([6, 5]);
  });

  it('records on POST, named or not, and answers the latest one when nothing changed', async () => {
    const doc = await createDoc(server.url);
    const path = `/api/documents/${doc.id}/versions`;
    // A document nobody has open is loaded for it.
    const created = await api(server.url, 'POST', path, { token: doc.editorToken, body: {} });
    expect(created).toMatchObject({ status: 201, body: { reason: 'save', name: null, chars: 0, authors: [] } });
    const same = await api(server.url, 'POST', path, { token: doc.editorToken, body: {} });
    expect(same).toMatchObject({ status: 200, body: { id: created.body.id } });
    // Without a body at all.
    const bare = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${doc.editorToken}` },
    });
    expect(bare.status).toBe(200);
    // A named version and a restore are recorded even when nothing changed.
    const named = await api(server.url, 'POST', path, { token: doc.editorToken, body: { name: '  Submitted  ' } });
    expect(named).toMatchObject({ status: 201, body: { name: 'Submitted', reason: 'save' } });
    const restore = await api(server.url, 'POST', path, { token: doc.editorToken, body: { reason: 'restore' } });
    expect(restore).toMatchObject({ status: 201, body: { reason: 'restore' } });
    const list = await listVersions(server, doc);
    expect(list.items.map((v) => v.id)).toEqual([restore.body.id, named.body.id, created.body.id]);
  });

  it('renames and unnames a version; serves its content', async () => {
    const doc = await createDoc(server.url, 'Report');
    const ada = await join(doc, 'Ada');
    await type(ada, doc, 0, 'First draft');
    const v1 = await api(server.url, 'POST', `/api/documents/${doc.id}/versions`, { token: doc.editorToken });
    expect(v1.status).toBe(201);
    await type(ada, doc, 11, ' and more');
    const id = String(v1.body.id);

    const renamed = await api(server.url, 'PATCH', `/api/documents/${doc.id}/versions/${id}`, {
      token: doc.editorToken,
      body: { name: '  Final  ' },
    });
    expect(renamed).toMatchObject({ status: 200, body: { id, name: 'Final' } });
    expect((await listVersions(server, doc)).items[0]?.name).toBe('Final');

    const res = await fetch(`${server.url}/api/documents/${doc.id}/versions/${id}`, {
      headers: { authorization: `Bearer ${doc.viewerToken}` },
    });
    expect(res.status).toBe(200);
    const detail = (await res.json()) as VersionDetail;
    expect(detail).toMatchObject({ id, name: 'Final', title: 'Report', chars: 11 });
    expect(detail.doc).toMatchObject({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'First draft' }] }],
    });

    const unnamed = await api(server.url, 'PATCH', `/api/documents/${doc.id}/versions/${id}`, {
      token: doc.editorToken,
      body: { name: null },
    });
    expect(unnamed).toMatchObject({ status: 200, body: { name: null } });
  });

  it('pages the list newest first with the total', async () => {
    const doc = await createDoc(server.url);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await api(server.url, 'POST', `/api/documents/${doc.id}/versions`, {
        token: doc.editorToken,
        body: { name: `v${i}` },
      });
      ids.unshift(String(r.body.id));
    }
    const page = await listVersions(server, doc, '?offset=1&limit=2');
    expect(page).toMatchObject({ status: 200, total: '5' });
    expect(page.items.map((v) => v.id)).toEqual(ids.slice(1, 3));
    expect((await listVersions(server, doc, '?offset=10')).items).toEqual([]);
    for (const bad of ['?limit=0', `?limit=${VersionLimits.pageSizeMax + 1}`, '?offset=-1', '?limit=x', '?other=1']) {
      expect((await listVersions(server, doc, bad)).status).toBe(400);
    }
  });

  it('lets viewers read and refuses them (and strangers) writing', async () => {
    const doc = await createDoc(server.url);
    const other = await createDoc(server.url);
    const v = await api(server.url, 'POST', `/api/documents/${doc.id}/versions`, { token: doc.editorToken });
    const id = String(v.body.id);
    expect((await listVersions(server, doc, '', doc.viewerToken)).status).toBe(200);
    const read = await api(server.url, 'GET', `/api/documents/${doc.id}/versions/${id}`, { token: doc.viewerToken });
    expect(read.status).toBe(200);

    const path = `/api/documents/${doc.id}/versions`;
    expect(await api(server.url, 'POST', path, { token: doc.viewerToken, body: {} })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect(
      await api(server.url, 'PATCH', `${path}/${id}`, { token: doc.viewerToken, body: { name: 'x' } }),
    ).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await api(server.url, 'GET', path)).status).toBe(401);
    expect((await api(server.url, 'POST', path, { token: other.editorToken, body: {} })).status).toBe(401);
    expect((await listVersions(server, doc)).total).toBe('1');
  });

  it('refuses hostile input with typed errors', async () => {
    const doc = await createDoc(server.url);
    const other = await createDoc(server.url);
    const path = `/api/documents/${doc.id}/versions`;
    const token = doc.editorToken;
    const mine = String((await api(server.url, 'POST', path, { token, body: { name: 'mine' } })).body.id);
    const theirs = String(
      (await api(server.url, 'POST', `/api/documents/${other.id}/versions`, { token: other.editorToken })).body.id,
    );

    const tooLong = 'x'.repeat(VersionLimits.maxNameLength + 1);
    for (const name of ['', '   ', tooLong, 42]) {
      expect(await api(server.url, 'POST', path, { token, body: { name } })).toMatchObject({
        status: 400,
        body: { code: 'VERSION_NAME_INVALID' },
      });
      expect(await api(server.url, 'PATCH', `${path}/${mine}`, { token, body: { name } })).toMatchObject({
        status: 400,
        body: { code: 'VERSION_NAME_INVALID' },
      });
    }
    // Exactly the longest name is fine.
    const longest = 'y'.repeat(VersionLimits.maxNameLength);
    expect(await api(server.url, 'PATCH', `${path}/${mine}`, { token, body: { name: longest } })).toMatchObject({
      status: 200,
      body: { name: longest },
    });

    for (const body of [{ other: 1 }, { reason: 'idle' }, { reason: 'import' }, [], 'text']) {
      expect(await api(server.url, 'POST', path, { token, body })).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED' },
      });
    }
    expect(await api(server.url, 'PATCH', `${path}/${mine}`, { token, body: {} })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
    expect(
      await api(server.url, 'PATCH', `${path}/${mine}`, { token, body: { name: 'x', extra: true } }),
    ).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });

    // Another document's version, an unknown one, an overlong id.
    for (const id of [theirs, 'nope', encodeURIComponent('../../x')]) {
      expect(await api(server.url, 'GET', `${path}/${id}`, { token })).toMatchObject({
        status: 404,
        body: { code: 'VERSION_NOT_FOUND' },
      });
      expect(await api(server.url, 'PATCH', `${path}/${id}`, { token, body: { name: 'x' } })).toMatchObject({
        status: 404,
        body: { code: 'VERSION_NOT_FOUND' },
      });
    }
    expect((await api(server.url, 'GET', `${path}/${'z'.repeat(65)}`, { token })).status).toBe(400);
    expect((await api(server.url, 'GET', `/api/documents/${'%00'}/versions`, { token })).status).toBe(400);
    // The other document's version is untouched.
    const theirsNow = await api(server.url, 'GET', `/api/documents/${other.id}/versions/${theirs}`, {
      token: other.viewerToken,
    });
    expect(theirsNow).toMatchObject({ status: 200, body: { name: null } });
  });
});

describe('version history on shutdown', () => {
  it('records unrecorded edits when the server stops, and they are there after a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-versions-stop-'));
    try {
      const first = await startServer({}, dir, { clock });
      const doc = await createDoc(first.url);
      const client = connectClient(first.collabUrl, doc.id, doc.editorToken);
      await waitSynced(client);
      client.provider.awareness.setLocalStateField('user', { name: 'Ada', color: '#1971c2' });
      await retryUntil(async () => expect((await openDocument(first, doc.id))?.awareness.states.size).toBe(1));
      typeText(client.doc, 0, 'Unsaved');
      await settled(first, doc.id, 'Unsaved');
      // Stopped with the author still connected and the burst not yet idle.
      await first.close();
      client.destroy();

      const second = await startServer({}, dir, { clock });
      try {
        const list = await listVersions(second, doc);
        expect(list.items).toMatchObject([{ reason: 'leave', authors: ['Ada'], chars: 7 }]);
        // The document as loaded again is that version: asking for one records nothing new.
        const again = await api(second.url, 'POST', `/api/documents/${doc.id}/versions`, { token: doc.editorToken });
        expect(again).toMatchObject({ status: 200, body: { id: list.items[0]?.id } });
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
