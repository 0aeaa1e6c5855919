import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from '../blobs/local';
import { prepareUploadDirs, tempPath } from './disk';
import { absoluteUploadUrl, removeBlobFiles, uploadsDir } from './files';

let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-files-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('stored files', () => {
  it('removes a blob and its thumbnail quietly', async () => {
    const blobs = createLocalBlobStore(uploadsDir({ dataDir }));
    await blobs.putBytes('abc.png', Buffer.from('x'), 'image/png');
    await blobs.putBytes('abc.thumb.webp', Buffer.from('y'), 'image/webp');
    expect(fs.readFileSync(path.join(uploadsDir({ dataDir }), 'abc.png'), 'utf8')).toBe('x');
    await removeBlobFiles(blobs, { storedName: 'abc.png', thumbName: 'abc.thumb.webp' });
    await removeBlobFiles(blobs, { storedName: 'abc.png', thumbName: null });
    expect(await blobs.exists('abc.png')).toBe(false);
    expect(await blobs.exists('abc.thumb.webp')).toBe(false);
  });

  it('stages in a directory of its own instance, and clears only leftovers nobody touched for a day', async () => {
    const tmp = path.join(dataDir, 'uploads', 'tmp');
    const a = { config: { dataDir }, instanceId: 'inst-a' };
    const b = { config: { dataDir }, instanceId: 'inst-b' };
    await prepareUploadDirs(a);
    const inFlight = await tempPath(a);
    expect(path.dirname(inFlight)).toBe(path.join(tmp, 'inst-a'));
    fs.writeFileSync(inFlight, 'partial');
    const crashed = path.join(tmp, 'inst-gone');
    fs.mkdirSync(crashed);
    fs.writeFileSync(path.join(crashed, 'y.part'), 'old');
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    fs.utimesSync(crashed, dayAgo, dayAgo);
    // A second instance on the same data directory starts while a uploads: a's file stays.
    await prepareUploadDirs(b);
    expect(fs.readdirSync(tmp).sort()).toEqual(['inst-a', 'inst-b']);
    expect(fs.readFileSync(inFlight, 'utf8')).toBe('partial');
    expect(path.dirname(await tempPath(b))).toBe(path.join(tmp, 'inst-b'));
  });

  it('builds absolute URLs from the public URL or the request origin', () => {
    const request = { protocol: 'http', host: 'localhost:3000' } as FastifyRequest;
    expect(absoluteUploadUrl(request, { publicUrl: undefined }, 'a.png')).toBe('http://localhost:3000/uploads/a.png');
    expect(absoluteUploadUrl(request, { publicUrl: 'https://d.example' }, 'a.png')).toBe(
      'https://d.example/uploads/a.png',
    );
  });
});
