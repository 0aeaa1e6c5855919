import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { removeTemp, tempPath } from './disk';
import type { Staging } from './files';

/**
 * Upload content written to the uploads tmp directory. Whoever holds one must either move it into
 * place or remove it (`removeTemp(staged.path)`), on every path.
 */
export interface StagedFile {
  path: string;
  /** sha256 of the content, hex. */
  hash: string;
  size: number;
}

export interface StageLimits {
  maxBytes: number;
  /** The refusal thrown when the content is larger than `maxBytes`. */
  tooLarge: () => Error;
  /** Whether the source stopped at its own size limit (busboy truncates instead of failing). */
  truncated?: () => boolean;
}

/** Counts and hashes the bytes passing through; fails as soon as more than the cap went by. */
class MeteredPass extends Transform {
  readonly hash = createHash('sha256');
  size = 0;

  constructor(private readonly limits: StageLimits) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.byteLength;
    if (this.size > this.limits.maxBytes) {
      callback(this.limits.tooLarge());
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }
}

/**
 * Streams `source` into a new temporary file while hashing and counting it, so an upload never sits
 * in memory. Over the cap (or truncated by the source) → `limits.tooLarge()`; the temporary file is
 * removed on every failure.
 */
export async function stageStream(staging: Staging, source: Readable, limits: StageLimits): Promise<StagedFile> {
  const file = await tempPath(staging);
  const meter = new MeteredPass(limits);
  try {
    await pipeline(source, meter, createWriteStream(file, { flags: 'wx' }));
    if (limits.truncated?.()) throw limits.tooLarge();
    return { path: file, hash: meter.hash.digest('hex'), size: meter.size };
  } catch (error) {
    await removeTemp(file);
    throw error;
  }
}

/** Writes bytes already in memory (a fetched remote image) to a temporary file. */
export async function stageBuffer(staging: Staging, bytes: Uint8Array): Promise<StagedFile> {
  const file = await tempPath(staging);
  try {
    await fs.writeFile(file, bytes, { flag: 'wx' });
  } catch (error) {
    await removeTemp(file);
    throw error;
  }
  return { path: file, hash: createHash('sha256').update(bytes).digest('hex'), size: bytes.byteLength };
}
