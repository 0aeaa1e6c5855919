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

/** A fresh, unused path in the uploads tmp directory (the directory is created when missing). */
export async function tempPath(config: DirConfig): Promise<string> {
  const dir = uploadsTmpDir(config);
  await fs.mkdir(dir, { recursive: true });
  return path.join(dir, `${randomBytes(12).toString('hex')}.part`);
}

/** Removes a temporary file; a missing one is fine (it was moved into place or never written). */
export async function removeTemp(file: string): Promise<void> {
  await fs.rm(file, { force: true });
}

/**
 * Moves a finished temporary file (same file system: tmp lives under data/uploads) to its stored
 * name in one rename, so a reader never sees a partial file.
 */
export async function moveIntoPlace(config: DirConfig, tmp: string, storedName: string): Promise<void> {
  await fs.rename(tmp, storedPath(config, storedName));
}

/**
 * Writes a stored file atomically: a temporary file first, then a rename, so a reader never sees a
 * partial file and nothing reaches its final name before it was validated.
 */
export async function writeStoredFile(config: DirConfig, storedName: string, data: Uint8Array): Promise<void> {
  const tmp = await tempPath(config);
  try {
    await fs.writeFile(tmp, data, { flag: 'wx' });
    await moveIntoPlace(config, tmp, storedName);
  } catch (error) {
    await removeTemp(tmp);
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
