import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from '../blobs/local';
import { prepareUploadDirs } from './disk';
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

  it('clears leftovers of interrupted uploads on start', async () => {
    fs.mkdirSync(path.join(dataDir, 'uploads', 'tmp'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'tmp', 'x.part'), 'partial');
    await prepareUploadDirs({ dataDir });
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'tmp'))).toEqual([]);
  });

  it('builds absolute URLs from the public URL or the request origin', () => {
    const request = { protocol: 'http', host: 'localhost:3000' } as FastifyRequest;
    expect(absoluteUploadUrl(request, { publicUrl: undefined }, 'a.png')).toBe('http://localhost:3000/uploads/a.png');
    expect(absoluteUploadUrl(request, { publicUrl: 'https://d.example' }, 'a.png')).toBe(
      'https://d.example/uploads/a.png',
    );
  });
});
