import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../infra/errors/app-error';
import { openSqliteStore } from '../../infra/storage/sqlite-store';
import type { Store } from '../../infra/storage/store';
import { exportDocumentArchive, importDocumentArchive, type ImportDeps } from './archive';
import { writeBackup } from '../../infra/backup/backup';
import { createLocalBlobStore } from '../../infra/blobs/local';

let dir: string;
let store: Store;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-archive-unit-'));
  store = openSqliteStore(dir);
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const deps = (limits: ImportDeps['limits']): ImportDeps => ({
  store,
  blobs: createLocalBlobStore(path.join(dir, 'uploads')),
  rules: null,
  sanitize: async (html) => html,
  maxDocumentBytes: 1024 * 1024,
  retention: { keepAllMs: 0, keepHourlyMs: 0, maxCount: 10, maxBytes: 1024 * 1024 },
  limits,
});

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError && error.code === 'ARCHIVE_INVALID') {
      return String((error.details as { reason: string }).reason);
    }
    throw error;
  }
  throw new Error('the import was accepted');
}

describe('importDocumentArchive limits', () => {
  it('refuses an archive larger than the limit before unpacking it', async () => {
    const raw = gzipSync(Buffer.alloc(10_000, 1));
    expect(await reason(importDocumentArchive(deps({ maxArchiveBytes: 10, maxUnpackedBytes: 1e6 }), raw))).toMatch(
      /larger than the limit/,
    );
  });

  it('stops a gzip bomb at the unpacked limit', async () => {
    const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20));
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    expect(
      await reason(importDocumentArchive(deps({ maxArchiveBytes: 64 * 1024, maxUnpackedBytes: 1024 * 1024 }), bomb)),
    ).toMatch(/unpacks to more than the limit/);
    expect((await store.documents.list({ limit: 10, offset: 0, trash: false })).total).toBe(0);
  });
});

describe('writeBackup', () => {
  it('reports upload files missing on disk instead of failing', async () => {
    await store.media.insertBlob({
      hash: 'b'.repeat(64),
      storedName: `${'b'.repeat(32)}.pdf`,
      thumbName: null,
      mime: 'application/pdf',
      bytes: 3,
      width: null,
      height: null,
      createdAt: 1,
    });
    const file = path.join(dir, 'out.tandem');
    const result = await writeBackup({
      dataDir: dir,
      blobs: createLocalBlobStore(path.join(dir, 'uploads')),
      file,
      copyDatabase: (dest) => store.backup(dest),
    });
    expect(result.missing).toEqual([`${'b'.repeat(32)}.pdf`]);
    expect(result.files).toBe(0);
    expect(fs.existsSync(file)).toBe(true);
    // Never over an existing file.
    await expect(
      writeBackup({
        dataDir: dir,
        blobs: createLocalBlobStore(path.join(dir, 'uploads')),
        file,
        copyDatabase: (dest) => store.backup(dest),
      }),
    ).rejects.toThrow(/already exists/);
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.partial'))).toEqual([]);
  });
});

describe('archives carry comment threads', () => {
  const comment = (id: string, threadId: string, body: string, createdAt: number) => ({
    id,
    docId: 'src',
    threadId,
    authorName: 'Ada',
    authorColor: '#1971c2',
    authorKeyHash: 'a'.repeat(64),
    body,
    createdAt,
    editedAt: null,
  });

  it('exports threads with their replies and resolve state, and imports them under the new document', async () => {
    await store.documents.create('src', 'Source', 1);
    const first = comment('c-first-1', 'thread-one', 'Opening', 2);
    await store.comments.createThread({ id: 'thread-one', docId: 'src', quote: 'q', createdAt: 2, first }, 10);
    await store.comments.addComment(comment('c-reply-1', 'thread-one', 'Reply', 3), 10);
    await store.comments.setResolved('src', 'thread-one', { name: 'Bo', color: '#e03131', at: 4 });
    const second = comment('c-first-2', 'thread-two', 'Second', 5);
    await store.comments.createThread({ id: 'thread-two', docId: 'src', quote: '', createdAt: 5, first: second }, 10);
    const { archive } = await exportDocumentArchive(
      { store, blobs: { read: async () => undefined } },
      'src',
      new Uint8Array([0, 0]),
    );
    const result = await importDocumentArchive(deps(undefined), archive);
    expect(result.id).not.toBe('src');
    const threads = await store.comments.list(result.id);
    expect(threads.map((t) => [t.id, t.quote, t.resolved, t.comments.map((c) => [c.body, c.authorKeyHash])])).toEqual([
      [
        'thread-one',
        'q',
        { name: 'Bo', color: '#e03131', at: 4 },
        [
          ['Opening', 'a'.repeat(64)],
          ['Reply', 'a'.repeat(64)],
        ],
      ],
      ['thread-two', '', null, [['Second', 'a'.repeat(64)]]],
    ]);
  });

  it('cleans archived comments like the API and drops a thread whose opening comment is empty', async () => {
    const archived = (threadId: string, bodies: string[]) => ({
      id: threadId,
      quote: ' q\r\n ',
      createdAt: 1,
      resolved: null,
      comments: bodies.map((body, i) => ({
        authorName: ' Ada ',
        authorColor: '#ABCDEF',
        authorKeyHash: 'b'.repeat(64),
        body,
        createdAt: i,
        editedAt: null,
      })),
    });
    const raw = gzipSync(
      JSON.stringify({
        format: 'tandem-document-archive',
        version: 1,
        exportedAt: 1,
        document: { id: 'imported-doc', title: 'T', createdAt: 1, updatedAt: 1 },
        state: 'AAA=',
        versions: [],
        snapshots: [],
        uploads: [],
        files: [],
        comments: [archived('thread-kept', ['a\u0000b', '   ', 'c']), archived('thread-gone', [' \u0007 ', 'reply'])],
      }),
    );
    const result = await importDocumentArchive(deps(undefined), raw);
    const threads = await store.comments.list(result.id);
    expect(threads.map((t) => [t.id, t.quote, t.comments.map((c) => [c.body, c.authorName, c.authorColor])])).toEqual([
      [
        'thread-kept',
        'q',
        [
          ['ab', 'Ada', '#abcdef'],
          ['c', 'Ada', '#abcdef'],
        ],
      ],
    ]);
  });
});
