import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertStoredName, type BlobStore, type ByteRange } from './blob-store';
import { randomBytes } from 'node:crypto';

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Blobs as files in one flat directory (`<data dir>/uploads`, as before drivers existed). The staging
 * directory lives below it (`uploads/tmp`), so `putFile` is one rename on the same file system.
 */
export function createLocalBlobStore(dir: string): BlobStore {
  const file = (name: string): string => path.join(dir, assertStoredName(name));

  const putBytes = async (name: string, data: Uint8Array): Promise<void> => {
    const target = file(name);
    const tmp = path.join(dir, 'tmp', `${randomBytes(12).toString('hex')}.part`);
    await fs.mkdir(path.dirname(tmp), { recursive: true });
    try {
      await fs.writeFile(tmp, data, { flag: 'wx' });
      await fs.rename(tmp, target);
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
  };

  const size = async (name: string): Promise<number | undefined> => {
    try {
      const stat = await fs.stat(file(name));
      return stat.isFile() ? stat.size : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  return {
    kind: 'local',
    async putFile(name, staged) {
      await fs.mkdir(dir, { recursive: true });
      await fs.rename(staged, file(name));
    },
    putBytes,
    async read(name) {
      try {
        return await fs.readFile(file(name));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    size,
    async exists(name) {
      return (await size(name)) !== undefined;
    },
    async open(name, range?: ByteRange): Promise<Readable | undefined> {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file(name), 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async delete(name) {
      try {
        await fs.unlink(file(name));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
    async check() {
      await fs.mkdir(dir, { recursive: true });
      await fs.access(dir, fs.constants.W_OK);
    },
    close() {},
  };
}
