import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDocument } from '@shared/api/documents';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { ArchiveLimits } from '@shared/limits';
import { createDoc } from '../helpers/api';
import { runCli } from '../helpers/cli';
import {
  appendParagraph,
  connectClient,
  contentOf,
  documentText,
  typeText,
  waitSynced,
} from '../helpers/collab-client';
import { makeImage, upload } from '../helpers/media-fixtures';
import { retryUntil } from '../helpers/retry-until';
import { ADMIN_TOKEN, blobEnvFor, startServer, type TestServer } from '../helpers/start-server';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

interface Archive {
  format: string;
  version: number;
  document: { id: string; title: string };
  state: string;
  versions: Array<{ id: string; name: string | null; reason: string; state: string }>;
  snapshots: Array<{ html: string }>;
  uploads: Array<{ storedName: string; thumbName: string | null; kind: string; hash: string; name: string }>;
  files: Array<{ name: string; data: string }>;
  [key: string]: unknown;
}

async function exportArchive(server: TestServer, id: string): Promise<Response> {
  return fetch(`${server.url}/api/admin/documents/${id}/archive`, { headers: admin });
}

async function importArchive(
  server: TestServer,
  body: Uint8Array,
  token = ADMIN_TOKEN,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/api/admin/documents/archive`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
    body: new Blob([new Uint8Array(body)]),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const pack = (archive: unknown): Buffer => gzipSync(JSON.stringify(archive));
const unpack = (bytes: Uint8Array): Archive => JSON.parse(gunzipSync(bytes).toString('utf8')) as Archive;

/** A state that holds a paragraph plus things the document model refuses. */
function hostileState(): string {
  const doc = new Y.Doc();
  const content = contentOf(doc);
  appendParagraph(doc, 'kept text');
  const script = new Y.XmlElement('script');
  script.insert(0, [new Y.XmlText('alert(1)')]);
  content.insert(content.length, [script]);
  const p = appendParagraph(doc, 'clickable');
  p.setAttribute('onclick', 'alert(2)');
  doc.getMap('evil').set('x', 'y');
  return Buffer.from(Y.encodeStateAsUpdate(doc)).toString('base64');
}

async function loadText(server: TestServer, created: { id: string; editorToken: string }): Promise<Y.Doc> {
  const client = connectClient(server.collabUrl, created.id, created.editorToken);
  await waitSynced(client);
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(client.doc));
  client.destroy();
  return copy;
}

describe('document archives', () => {
  let a: TestServer;
  let b: TestServer;
  let doc: CreatedDocument;
  let storedName: string;
  let archiveBytes: Buffer;
  let exported: Response;

  beforeAll(async () => {
    a = await startServer();
    b = await startServer();
    doc = await createDoc(a.url, 'Quarterly report');
    const up = await upload(a.url, doc.id, 'images', {
      token: doc.editorToken,
      bytes: await makeImage('png', { seed: 42 }),
      filename: 'chart.png',
    });
    expect(up.status).toBe(201);
    const link = String(up.body.link);
    storedName = link.slice(link.lastIndexOf('/') + 1);
    const writer = connectClient(a.collabUrl, doc.id, doc.editorToken);
    await waitSynced(writer);
    typeText(writer.doc, 0, 'Archived words');
    await retryUntil(async () => {
      const stored = await a.app.store.updates.load(doc.id);
      const d = new Y.Doc();
      for (const u of stored.updates) Y.applyUpdate(d, u);
      expect(documentText(d)).toContain('Archived words');
    });
    writer.destroy();
    // A named version straight from the live state, and an autosave snapshot.
    const state = await a.app.collab.withDocument(doc.id, (d) => Y.encodeStateAsUpdate(d));
    await a.app.store.versions.insert({
      id: 'named-version-1',
      docId: doc.id,
      createdAt: Date.now() - 60_000,
      reason: 'save',
      authors: ['Ada'],
      state,
      bytes: state.byteLength,
      chars: 14,
      inserted: 14,
      deleted: 0,
      name: 'Submitted draft',
    });
    const saved = await fetch(`${a.url}/api/documents/${doc.id}/snapshots`, {
      method: 'POST',
      headers: { authorization: `Bearer ${doc.editorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: '<p>Archived words</p>' }),
    });
    expect(saved.status).toBe(200);
    exported = await exportArchive(a, doc.id);
    archiveBytes = Buffer.from(await exported.arrayBuffer());
  });

  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('exports a document with its history and imports it into another server under the same id', async () => {
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/gzip');
    expect(exported.headers.get('content-disposition')).toContain(`tandem-document-${doc.id}-`);
    const archive = unpack(archiveBytes);
    expect(archive.format).toBe('tandem-document-archive');
    expect(archive.document.title).toBe('Quarterly report');
    expect(archive.versions.some((v) => v.name === 'Submitted draft')).toBe(true);
    expect(archive.snapshots.map((s) => s.html)).toContain('<p>Archived words</p>');
    expect(archive.uploads.map((u) => u.storedName)).toEqual([storedName]);
    expect(archive.files.map((f) => f.name).sort()).toEqual(
      [storedName, archive.uploads[0]?.thumbName ?? ''].filter(Boolean).sort(),
    );

    const imported = await importArchive(b, archiveBytes);
    expect(imported.status).toBe(201);
    const created = imported.body as unknown as CreatedDocument;
    expect(created.id).toBe(doc.id);
    expect(created.title).toBe('Quarterly report');
    expect(created.editorUrl).toContain(`/d/${doc.id}#token=`);
    const loaded = await loadText(b, created);
    expect(documentText(loaded)).toContain('Archived words');
    const versions = await b.app.store.versions.listAll(created.id);
    expect(versions.find((v) => v.name === 'Submitted draft')?.authors).toEqual(['Ada']);
    expect(versions.some((v) => v.reason === 'import')).toBe(true);
    expect((await b.app.store.snapshots.list(created.id, { limit: 10, offset: 0 })).items[0]?.html).toBe(
      '<p>Archived words</p>',
    );
    const uploads = await b.app.store.media.listUploads(created.id, { limit: 10, offset: 0 });
    expect(uploads.items.map((u) => [u.storedName, u.name])).toEqual([[storedName, 'chart.png']]);
    const served = await fetch(`${b.url}/uploads/${storedName}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it("thins an archive's history to the importing server's budget, keeping named versions", async () => {
    const small = await startServer({ TANDEM_VERSIONS_MAX_PER_DOCUMENT: '2' });
    try {
      const other = await createDoc(a.url, 'Long history');
      const state = await a.app.collab.withDocument(other.id, (d) => Y.encodeStateAsUpdate(d));
      const day = 24 * 60 * 60_000;
      for (let i = 0; i < 7; i++) {
        await a.app.store.versions.insert({
          id: `old-${i}`,
          docId: other.id,
          createdAt: Date.now() - (10 - i) * day,
          reason: 'idle',
          authors: [],
          state,
          bytes: state.byteLength,
          chars: 0,
          inserted: 0,
          deleted: 0,
          name: i === 3 ? 'Keep me' : null,
        });
      }
      const bytes = Buffer.from(await (await exportArchive(a, other.id)).arrayBuffer());
      expect(unpack(bytes).versions).toHaveLength(7);
      const imported = await importArchive(small, bytes);
      expect(imported.status).toBe(201);
      const versions = await small.app.store.versions.listAll((imported.body as unknown as CreatedDocument).id);
      // The budget (2) leaves the named version and the newest (the import itself).
      expect(versions.map((v) => v.name ?? v.reason).sort()).toEqual(['Keep me', 'import']);
    } finally {
      await small.close();
    }
  });

  it('assigns a new id when the archived one is taken', async () => {
    const again = await importArchive(a, archiveBytes);
    expect(again.status).toBe(201);
    const created = again.body as unknown as CreatedDocument;
    expect(created.id).not.toBe(doc.id);
    expect(documentText(await loadText(a, created))).toContain('Archived words');
    // The original is untouched and both share the content-addressed file.
    expect((await a.app.store.media.listUploads(doc.id, { limit: 10, offset: 0 })).total).toBe(1);
    expect((await a.app.store.media.listUploads(created.id, { limit: 10, offset: 0 })).total).toBe(1);
  });

  it('refuses hostile archives with ARCHIVE_INVALID and repairs content the model refuses', async () => {
    const good = unpack(archiveBytes);
    const refused: Array<[string, Uint8Array]> = [
      ['not gzip', Buffer.from('hello, not an archive')],
      ['not JSON', gzipSync('{"format": "tandem-document-archive", ')],
      ['wrong format', pack({ ...good, format: 'something-else' })],
      ['newer version', pack({ ...good, version: 99 })],
      ['missing fields', pack({ format: 'tandem-document-archive', version: 1 })],
      ['extra field', pack({ ...good, extra: true })],
      ['bad base64', pack({ ...good, state: '!!!not base64!!!' })],
      ['state that is no Yjs update', pack({ ...good, state: Buffer.from('garbage').toString('base64') })],
      ['path in a stored name', pack({ ...good, files: [{ name: '../../etc/passwd', data: '' }] })],
      [
        'too many versions',
        pack({ ...good, versions: Array.from({ length: ArchiveLimits.maxVersions + 1 }, () => good.versions[0]) }),
      ],
    ];
    for (const [why, body] of refused) {
      const res = await importArchive(b, body);
      expect({ why, status: res.status, code: res.body.code }).toEqual({ why, status: 400, code: 'ARCHIVE_INVALID' });
    }
    const json = await fetch(`${b.url}/api/admin/documents/archive`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify(good),
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { code: string }).code).toBe('ARCHIVE_INVALID');

    // Content the model refuses is removed; a file whose bytes are not what the record says is left out.
    const htmlFile = Buffer.from('<html><script>alert(1)</script></html>');
    const hostile = {
      ...good,
      document: { ...good.document, id: 'hostile-doc' },
      state: hostileState(),
      versions: [{ ...good.versions[0], state: hostileState() }],
      snapshots: [{ id: 's', html: '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)>', createdAt: 1 }],
      uploads: [{ ...good.uploads[0], hash: 'a'.repeat(64), storedName: `${'a'.repeat(32)}.png`, thumbName: null }],
      files: [{ name: `${'a'.repeat(32)}.png`, data: htmlFile.toString('base64') }],
    };
    const repaired = await importArchive(b, pack(hostile));
    expect(repaired.status).toBe(201);
    const created = repaired.body as unknown as CreatedDocument;
    expect(created.id).toBe('hostile-doc');
    const loaded = await loadText(b, created);
    expect(documentText(loaded)).toBe('kept text\nclickable');
    const xml = contentOf(loaded).toString();
    expect(xml).not.toContain('script');
    expect(xml).not.toContain('onclick');
    // The foreign root keeps its (empty) name, as deletions do in Yjs; its entry is gone.
    expect(loaded.getMap('evil').size).toBe(0);
    expect(loaded.getMap(YDocKeys.meta).get(YDocKeys.titleKey)).toBe(good.document.title);
    const version = (await b.app.store.versions.listAll('hostile-doc')).find((v) => v.reason !== 'import');
    const versionState = version ? await b.app.store.versions.get('hostile-doc', version.id) : undefined;
    const vdoc = new Y.Doc();
    if (versionState) Y.applyUpdate(vdoc, versionState.state);
    expect(contentOf(vdoc).toString()).not.toContain('script');
    const snapshot = (await b.app.store.snapshots.list('hostile-doc', { limit: 1, offset: 0 })).items[0];
    expect(snapshot?.html).toContain('<p>ok</p>');
    expect(snapshot?.html).not.toMatch(/script|onerror/);
    expect((await b.app.store.media.listUploads('hostile-doc', { limit: 10, offset: 0 })).total).toBe(0);
    expect((await fetch(`${b.url}/uploads/${'a'.repeat(32)}.png`)).status).toBe(404);
    expect((await fetch(`${b.url}/healthz`)).status).toBe(200);
  });

  it('the archive routes need the admin token', async () => {
    expect((await fetch(`${a.url}/api/admin/documents/${doc.id}/archive`)).status).toBe(401);
    const asEditor = await fetch(`${a.url}/api/admin/documents/${doc.id}/archive`, {
      headers: { authorization: `Bearer ${doc.editorToken}` },
    });
    expect(asEditor.status).toBe(403);
    expect((await importArchive(a, archiveBytes, doc.editorToken)).status).toBe(403);
    expect((await exportArchive(a, 'no-such-document')).status).toBe(404);
  });

  it("tandem export-document works on a running server's data directory", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-archive-cli-'));
    try {
      const file = path.join(dir, 'doc.json.gz');
      const { code, stderr } = await runCli(
        ['export-document', doc.id, file, '--data-dir', a.dataDir],
        await blobEnvFor(a.dataDir),
      );
      expect(stderr).toContain(`document ${doc.id} written`);
      expect(stderr).not.toContain('missing');
      expect(code).toBe(0);
      const archive = unpack(fs.readFileSync(file));
      expect(archive.document.id).toBe(doc.id);
      expect(archive.uploads).toHaveLength(1);
      expect(archive.files.map((f) => f.name).sort()).toEqual(
        [archive.uploads[0]?.storedName, archive.uploads[0]?.thumbName].filter(Boolean).sort(),
      );
      const d = new Y.Doc();
      Y.applyUpdate(d, Buffer.from(archive.state, 'base64'));
      expect(documentText(d)).toContain('Archived words');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
