import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ServerConfig } from '../../config';
import { storedPath, uploadsTmpDir } from './files';

type DirConfig = Pick<ServerConfig, 'dataDir'>;

/** Creates data/uploads and its tmp directory; leftovers of a crash in tmp are removed. */
export async function prepareUploadDirs(config: DirConfig): Promise<void> {
  const tmp = uploadsTmpDir(config);
  await fs.rm(tmp, { recursive: true, force: true });
  await fs.mkdir(tmp, { recursive: true });
}

/**
 * Writes a stored file atomically: a temporary file first, then a rename, so a reader never sees a
 * partial file and nothing reaches its final name before it was validated.
 */
export async function writeStoredFile(config: DirConfig, storedName: string, data: Uint8Array): Promise<void> {
  const target = storedPath(config, storedName);
  const tmp = path.join(uploadsTmpDir(config), `${randomBytes(12).toString('hex')}.part`);
  await fs.mkdir(path.dirname(tmp), { recursive: true });
  try {
    await fs.writeFile(tmp, data, { flag: 'wx' });
    await fs.rename(tmp, target);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

/** Whether a stored file is present on disk. */
export async function storedFileExists(config: DirConfig, storedName: string): Promise<boolean> {
  try {
    await fs.access(storedPath(config, storedName));
    return true;
  } catch {
    return false;
  }
}
