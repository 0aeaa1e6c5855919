import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as Y from 'yjs';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreBackup } from '../../server/src/infra/backup/backup';
import { api, createDoc } from '../helpers/api';
import { runCli } from '../helpers/cli';
import { connectClient, documentText, typeText, waitSynced, type Client } from '../helpers/collab-client';
import { makeImage, upload } from '../helpers/media-fixtures';
import { retryUntil } from '../helpers/retry-until';
import { ADMIN_TOKEN, blobEnvFor, startServer, type TestServer } from '../helpers/start-server';

/** The document's text as the backup file holds it (its stored update rows, merged). */
function textInBackup(file: string, docId: string): string {
  const db = new Database(file, { readonly: true });
  try {
    const rows = [
      ...db
        .prepare<[string], { data: Buffer }>('SELECT data FROM doc_updates WHERE doc_id = ? ORDER BY seq')
        .all(docId),
      ...db
        .prepare<[string], { data: Buffer }>('SELECT data FROM doc_updates_recent WHERE doc_id = ? ORDER BY seq')
        .all(docId),
    ];
    const doc = new Y.Doc();
    for (const r of rows) Y.applyUpdate(doc, new Uint8Array(r.data));
    return documentText(doc);
  } finally {
    db.close();
  }
}

async function storedText(server: TestServer, docId: string): Promise<string> {
  const stored = await server.app.store.updates.load(docId);
  const doc = new Y.Doc();
  for (const u of stored.updates) Y.applyUpdate(doc, u);
  return documentText(doc);
}

async function downloadBackup(server: TestServer, token = ADMIN_TOKEN): Promise<Response> {
  return fetch(`${server.url}/api/admin/backup`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('backup and restore', () => {
  it('backs up while a writer edits; the restore serves the document, its uploads and its links', async () => {
    const source = await startServer();
    cleanups.push(() => source.close());
    const doc = await createDoc(source.url, 'Backed up');
    const image = await makeImage('png', { seed: 7 });
    const uploaded = await upload(source.url, doc.id, 'images', {
      token: doc.editorToken,
      bytes: image,
      filename: 'photo.png',
    });
    expect(uploaded.status).toBe(201);
    const link = String(uploaded.body.link);
    const storedName = link.slice(link.lastIndexOf('/') + 1);
    const thumb = String(uploaded.body['data-thumb']);
    const thumbName = thumb.slice(thumb.lastIndexOf('/') + 1);

    const writer: Client = connectClient(source.collabUrl, doc.id, doc.editorToken);
    cleanups.push(() => writer.destroy());
    await waitSynced(writer);
    typeText(writer.doc, 0, 'Before the backup. ');
    await retryUntil(async () => expect(await storedText(source, doc.id)).toContain('Before the backup.'));

    // A raw y-websocket client keeps typing while the backup runs.
    let typed = 0;
    let writing = true;
    const typing = (async () => {
      while (writing) {
        typeText(writer.doc, 0, `w${typed++} `);
        await new Promise((r) => setImmediate(r));
      }
    })();
    const res = await downloadBackup(source);
    writing = false;
    await typing;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tandem-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tandem"$/,
    );
    const dir = tempDir('tandem-bk-test-');
    const file = path.join(dir, 'site.tandem');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    expect(typed).toBeGreaterThan(0);

    // The file: SQLite, our format tag, the upload and its thumbnail, the generated secret.
    const backup = new Database(file, { readonly: true });
    const meta = new Map(
      backup
        .prepare<[], { key: string; value: string }>('SELECT key, value FROM tandem_backup_meta')
        .all()
        .map((r) => [r.key, r.value]),
    );
    const names = backup
      .prepare<[], { name: string }>('SELECT name FROM tandem_backup_files')
      .all()
      .map((r) => r.name);
    backup.close();
    expect(meta.get('format')).toBe('tandem-backup');
    expect(meta.get('secret')).toBe(fs.readFileSync(path.join(source.dataDir, 'secret'), 'utf8').trim());
    expect(names.sort()).toEqual([storedName, thumbName].sort());
    const backedUp = textInBackup(file, doc.id);
    expect(backedUp).toContain('Before the backup.');

    writer.destroy();
    await source.close();

    // The real CLI restores into a new directory.
    const target = path.join(dir, 'restored');
    // On S3 storage the CLI writes the files into the bucket the restored server then uses.
    const restored = await runCli(['restore', file, '--data-dir', target], await blobEnvFor(target));
    expect(restored.stderr).toContain('restored the backup');
    expect(restored.code).toBe(0);
    expect(fs.readdirSync(target).sort()).toEqual(['secret', 'tandem.sqlite', 'uploads']);

    const again = await startServer({}, target);
    cleanups.push(() => again.close());
    // The old links still work (same secret) and the document holds exactly what the backup had.
    const meta2 = await api(again.url, 'GET', `/api/documents/${doc.id}`, { token: doc.editorToken });
    expect(meta2.status).toBe(200);
    expect(meta2.body.title).toBe('Backed up');
    const reader = connectClient(again.collabUrl, doc.id, doc.viewerToken);
    cleanups.push(() => reader.destroy());
    await waitSynced(reader);
    expect(documentText(reader.doc)).toBe(backedUp);
    const served = await fetch(`${again.url}/uploads/${storedName}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await fetch(`${again.url}/uploads/${thumbName}`)).status).toBe(200);
  });

  it('restore refuses a non-empty directory and files that are not backups, and changes nothing', async () => {
    const dir = tempDir('tandem-restore-refuse-');
    const source = await startServer();
    cleanups.push(() => source.close());
    await createDoc(source.url, 'One');
    const res = await downloadBackup(source);
    const file = path.join(dir, 'ok.tandem');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));

    const busy = path.join(dir, 'busy');
    fs.mkdirSync(busy);
    fs.writeFileSync(path.join(busy, 'keep.txt'), 'mine');
    await expect(restoreBackup(file, busy)).rejects.toThrow(/is not empty/);
    expect(fs.readdirSync(busy)).toEqual(['keep.txt']);

    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'just some text, not a database');
    const plainDb = path.join(dir, 'plain.sqlite');
    new Database(plainDb).exec('CREATE TABLE t (x)').close();
    for (const wrong of [text, plainDb, path.join(source.dataDir, 'tandem.sqlite')]) {
      const target = path.join(dir, `target-${path.basename(wrong)}`);
      await expect(restoreBackup(wrong, target)).rejects.toThrow(/is not a Tandem backup/);
      expect(fs.existsSync(target)).toBe(false);
    }
    await expect(restoreBackup(path.join(dir, 'missing.tandem'), path.join(dir, 'x'))).rejects.toThrow(
      /does not exist/,
    );
  });

  it('the CLI answers a refused restore with a message and a non-zero exit code', async () => {
    const dir = tempDir('tandem-restore-cli-');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a backup');
    const refused = await runCli(['restore', path.join(dir, 'notes.txt'), '--data-dir', path.join(dir, 'data')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not a Tandem backup');
    const usage = await runCli(['restore']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: tandem');
  });

  it('the admin backup route needs the admin token and is absent without one', async () => {
    const disabled = await startServer({ TANDEM_ADMIN_TOKEN: '' });
    cleanups.push(() => disabled.close());
    const off = await downloadBackup(disabled, 'anything');
    expect(off.status).toBe(404);
    expect(((await off.json()) as { code: string }).code).toBe('ADMIN_DISABLED');

    const server = await startServer();
    cleanups.push(() => server.close());
    const doc = await createDoc(server.url);
    const none = await fetch(`${server.url}/api/admin/backup`, { method: 'POST' });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { code: string }).code).toBe('UNAUTHORIZED');
    const editor = await downloadBackup(server, doc.editorToken);
    expect(editor.status).toBe(403);
    expect(((await editor.json()) as { code: string }).code).toBe('FORBIDDEN');

    const before = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('tandem-backup-'));
    const ok = await downloadBackup(server);
    expect(ok.status).toBe(200);
    const bytes = Buffer.from(await ok.arrayBuffer());
    expect(bytes.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
    expect(Number(ok.headers.get('content-length'))).toBe(bytes.byteLength);
    // The temporary file is removed once sent.
    await retryUntil(() =>
      expect(fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('tandem-backup-'))).toEqual(before),
    );
  });
});
