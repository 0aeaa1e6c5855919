import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../storage/sqlite-store';
import type { Store } from '../storage/store';
import { createLocalBlobStore } from '../blobs/local';
import { BackupError, restoreBackup, writeBackup } from './backup';

let dir: string;
let store: Store;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-backup-unit-'));
  store = openSqliteStore(path.join(dir, 'data'));
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function backupFile(): Promise<string> {
  await store.documents.create('doc-1', 'One', 1);
  fs.writeFileSync(path.join(dir, 'data', 'secret'), `${'s'.repeat(43)}\n`);
  const file = path.join(dir, 'site.tandem');
  await writeBackup({
    dataDir: path.join(dir, 'data'),
    blobs: createLocalBlobStore(path.join(dir, 'data', 'uploads')),
    file,
    copyDatabase: (dest) => store.backup(dest),
  });
  return file;
}

describe('restoreBackup', () => {
  it('restores the database without the backup tables, and the secret', async () => {
    const file = await backupFile();
    const result = await restoreBackup(file, path.join(dir, 'restored'));
    expect(result).toMatchObject({ documents: 1, files: 0, secret: true });
    const db = new Database(path.join(dir, 'restored', 'tandem.sqlite'), { readonly: true });
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((r) => r.name);
    db.close();
    expect(tables).toContain('documents');
    expect(tables.filter((t) => t.startsWith('tandem_backup'))).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'restored', 'secret'), 'utf8')).toBe(`${'s'.repeat(43)}\n`);
  });

  it('refuses a file name Tandem never writes and leaves the target empty', async () => {
    const file = await backupFile();
    const db = new Database(file);
    db.prepare('INSERT INTO tandem_backup_files (name, data) VALUES (?, ?)').run('../escape.sh', Buffer.from('x'));
    db.close();
    const target = path.join(dir, 'empty');
    fs.mkdirSync(target);
    await expect(restoreBackup(file, target)).rejects.toThrow(BackupError);
    expect(fs.readdirSync(target)).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'escape.sh'))).toBe(false);
  });

  it('refuses a backup of a newer format', async () => {
    const file = await backupFile();
    const db = new Database(file);
    db.prepare("UPDATE tandem_backup_meta SET value = '99' WHERE key = 'version'").run();
    db.close();
    await expect(restoreBackup(file, path.join(dir, 'new'))).rejects.toThrow(/newer Tandem/);
  });
});
