import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { uploadsTmpDir, uploadsTmpRoot, type Staging } from './files';

/** An entry of another instance's staging untouched this long is a crashed instance's leftover. */
const STALE_MS = 24 * 60 * 60 * 1000;

/**
 * Creates this instance's staging directory (data/uploads/tmp/<instance id>). Other instances' directories
 * are theirs: only what nobody touched for a day (left by an instance that crashed) is removed.
 */
export async function prepareUploadDirs(staging: Staging, now = Date.now()): Promise<void> {
  const root = uploadsTmpRoot(staging.config);
  const own = uploadsTmpDir(staging);
  await fs.mkdir(root, { recursive: true });
  for (const entry of await fs.readdir(root)) {
    const file = path.join(root, entry);
    if (file === own) continue;
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat && now - stat.mtimeMs > STALE_MS) await fs.rm(file, { recursive: true, force: true });
  }
  await fs.mkdir(own, { recursive: true });
}

/** A fresh, unused path in this instance's staging directory (created when missing). */
export async function tempPath(staging: Staging): Promise<string> {
  const dir = uploadsTmpDir(staging);
  await fs.mkdir(dir, { recursive: true });
  return path.join(dir, `${randomBytes(12).toString('hex')}.part`);
}

/** Removes a temporary file; a missing one is fine (it was moved into place or never written). */
export async function removeTemp(file: string): Promise<void> {
  await fs.rm(file, { force: true });
}
