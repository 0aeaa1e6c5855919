import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ServerConfig } from '../../config';
import { uploadsTmpDir } from './files';

type DirConfig = Pick<ServerConfig, 'dataDir'>;

/** Creates the local staging directory (data/uploads/tmp); leftovers of a crash in it are removed. */
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
