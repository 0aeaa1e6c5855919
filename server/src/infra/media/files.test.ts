import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareUploadDirs, storedFileExists, writeStoredFile } from './disk';
import { absoluteUploadUrl, removeBlobFiles, storedPath, uploadsDir } from './files';

let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-files-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('stored files', () => {
  it('writes atomically under data/uploads and removes files quietly', async () => {
    await prepareUploadDirs({ dataDir });
    await writeStoredFile({ dataDir }, 'abc.png', Buffer.from('x'));
    await writeStoredFile({ dataDir }, 'abc.thumb.webp', Buffer.from('y'));
    expect(fs.readFileSync(path.join(uploadsDir({ dataDir }), 'abc.png'), 'utf8')).toBe('x');
    expect(fs.readdirSync(path.join(uploadsDir({ dataDir }), 'tmp'))).toEqual([]);
    expect(await storedFileExists({ dataDir }, 'abc.png')).toBe(true);
    await removeBlobFiles({ dataDir }, { storedName: 'abc.png', thumbName: 'abc.thumb.webp' });
    await removeBlobFiles({ dataDir }, { storedName: 'abc.png', thumbName: null });
    expect(await storedFileExists({ dataDir }, 'abc.png')).toBe(false);
    expect(await storedFileExists({ dataDir }, 'abc.thumb.webp')).toBe(false);
  });

  it('clears leftovers of interrupted uploads on start', async () => {
    fs.mkdirSync(path.join(dataDir, 'uploads', 'tmp'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', 'tmp', 'x.part'), 'partial');
    await prepareUploadDirs({ dataDir });
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'tmp'))).toEqual([]);
  });

  it('never builds a path from a name that is not a generated one', () => {
    for (const bad of ['../x', '/etc/passwd', 'a/b', '..', '.hidden', 'A.PNG', '']) {
      expect(() => storedPath({ dataDir }, bad), bad).toThrow();
    }
  });

  it('builds absolute URLs from the public URL or the request origin', () => {
    const request = { protocol: 'http', host: 'localhost:3000' } as FastifyRequest;
    expect(absoluteUploadUrl(request, { publicUrl: undefined }, 'a.png')).toBe('http://localhost:3000/uploads/a.png');
    expect(absoluteUploadUrl(request, { publicUrl: 'https://d.example' }, 'a.png')).toBe(
      'https://d.example/uploads/a.png',
    );
  });
});
