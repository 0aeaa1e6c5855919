import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { startS3, type TestS3 } from '../../../../tests/helpers/s3-server';
import type { BlobStore } from './blob-store';
import { createLocalBlobStore } from './local';
import { createS3BlobStore, providerErrorCode } from './s3';

let s3: TestS3;
let dir: string;
const logged: object[] = [];
const log = { error: (fields: object) => void logged.push(fields) };

beforeAll(async () => {
  s3 = await startS3();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-blobs-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const s3Config = (bucket: string, over: { accessKeyId?: string } = {}) => ({
  endpoint: s3.endpoint,
  bucket,
  region: 'us-east-1',
  accessKeyId: over.accessKeyId ?? 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});

async function text(stream: Readable | undefined): Promise<string | undefined> {
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

const drivers: Array<[string, () => Promise<BlobStore>]> = [
  ['local', async () => createLocalBlobStore(fs.mkdtempSync(path.join(dir, 'local-')))],
  ['s3', async () => createS3BlobStore(s3Config(await s3.createBucket()), log)],
];

describe.each(drivers)('%s blob driver', (_kind, make) => {
  it('stores bytes and staged files, reads them whole, by size and by range', async () => {
    const blobs = await make();
    await blobs.putBytes('a1.txt', Buffer.from('hello world'), 'text/plain');
    const staged = path.join(dir, `staged-${_kind}.part`);
    fs.writeFileSync(staged, '0123456789');
    await blobs.putFile('b2.bin', staged, 'application/octet-stream');
    expect((await blobs.read('a1.txt'))?.toString('utf8')).toBe('hello world');
    expect(await blobs.size('a1.txt')).toBe(11);
    expect(await blobs.size('b2.bin')).toBe(10);
    expect(await blobs.exists('b2.bin')).toBe(true);
    expect(await text(await blobs.open('b2.bin', { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await blobs.open('b2.bin', { start: 9, end: 9 }))).toBe('9');
    expect(await text(await blobs.open('a1.txt'))).toBe('hello world');
    // Overwriting a name (same content hash, written again) is harmless.
    await blobs.putBytes('a1.txt', Buffer.from('hello world'), 'text/plain');
    expect(await blobs.size('a1.txt')).toBe(11);
    fs.rmSync(staged, { force: true });
    await blobs.check();
    blobs.close();
  });

  it('answers undefined for a missing blob and deletes quietly', async () => {
    const blobs = await make();
    expect(await blobs.read('none.png')).toBeUndefined();
    expect(await blobs.size('none.png')).toBeUndefined();
    expect(await blobs.exists('none.png')).toBe(false);
    expect(await blobs.open('none.png', { start: 0, end: 1 })).toBeUndefined();
    await blobs.putBytes('gone.png', Buffer.from('x'), 'image/png');
    await blobs.delete('gone.png');
    await blobs.delete('gone.png');
    expect(await blobs.exists('gone.png')).toBe(false);
    blobs.close();
  });

  it('never uses a name that is not a generated one', async () => {
    const blobs = await make();
    for (const bad of ['../x', '/etc/passwd', 'a/b', '..', '.hidden', 'A.PNG', '']) {
      await expect(blobs.read(bad), bad).rejects.toThrow(/invalid stored name/);
      await expect(blobs.putBytes(bad, Buffer.from('x'), 'text/plain'), bad).rejects.toThrow(/invalid stored name/);
    }
    blobs.close();
  });
});

describe('S3 provider errors', () => {
  it('refused credentials are PROVIDER_KEY_MISSING, logged with the provider detail only server-side', async () => {
    const blobs = createS3BlobStore(s3Config(await s3.createBucket(), { accessKeyId: 'NOT-A-KEY' }), log);
    logged.length = 0;
    const error = await blobs.putBytes('a.txt', Buffer.from('x'), 'text/plain').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('PROVIDER_KEY_MISSING');
    expect((error as AppError).details).toBeUndefined();
    expect((error as AppError).message).not.toMatch(/access key|NOT-A-KEY/i);
    expect(JSON.stringify(logged)).toMatch(/InvalidAccessKeyId/);
    await expect(blobs.check()).rejects.toMatchObject({ code: 'PROVIDER_KEY_MISSING' });
    blobs.close();
  });

  it('a missing bucket or an unreachable service is PROVIDER_PROCESSING_FAILED', async () => {
    const noBucket = createS3BlobStore(s3Config('no-such-bucket'), log);
    await expect(noBucket.putBytes('a.txt', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
      code: 'PROVIDER_PROCESSING_FAILED',
    });
    noBucket.close();
    const down = createS3BlobStore({ ...s3Config('tandem'), endpoint: 'http://127.0.0.1:9' }, log);
    await expect(down.size('a.txt')).rejects.toMatchObject({ code: 'PROVIDER_PROCESSING_FAILED' });
    down.close();
  });

  it('maps provider error names and statuses', () => {
    const failure = (name: string, status: number): S3ServiceException =>
      new S3ServiceException({ name, $fault: 'client', $metadata: { httpStatusCode: status } });
    expect(providerErrorCode(failure('InvalidAccessKeyId', 403))).toBe('PROVIDER_KEY_MISSING');
    expect(providerErrorCode(failure('Whatever', 403))).toBe('PROVIDER_KEY_MISSING');
    expect(providerErrorCode(failure('SlowDown', 503))).toBe('PROVIDER_PROCESSING_FAILED');
    expect(providerErrorCode(new Error('socket hang up'))).toBe('PROVIDER_PROCESSING_FAILED');
  });
});
