import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { BlobStore } from '../blobs/blob-store';
import { createLocalBlobStore } from '../blobs/local';
import { uploadsDir } from '../media/files';

/**
 * A backup is one SQLite file: the online-backup copy of the store's database plus two tables of our
 * own, the upload files (from the blob storage, thumbnails too) and the generated link secret. Restore
 * writes the database back without those tables and the secret into an empty data directory, and the
 * files into the blob storage (data/uploads by default).
 */
export const BACKUP_FORMAT = 'tandem-backup';
export const BACKUP_VERSION = 1;
/** The store's database file in the data directory (openSqliteStore). */
export const DATABASE_FILE = 'tandem.sqlite';
/** The generated link secret (loadOrCreateSecret). */
const SECRET_FILE = 'secret';
const META_TABLE = 'tandem_backup_meta';
const FILES_TABLE = 'tandem_backup_files';
const STORED_NAME = /^[a-z0-9][a-z0-9._-]{0,127}$/;

/** A failure an operator can act on; the message is meant for them as it is. */
export class BackupError extends Error {}

export interface BackupResult {
  documents: number;
  /** Upload files (and thumbnails) copied into the backup. */
  files: number;
  /** Stored names the database references whose file was not in the blob storage. */
  missing: string[];
  /** Whether the generated link secret is in the backup (false when TANDEM_SECRET is used instead). */
  secret: boolean;
  bytes: number;
}

export interface WriteBackupOptions {
  dataDir: string;
  /** Where the upload files are read from. */
  blobs: Pick<BlobStore, 'read'>;
  /** The backup file to create; refused when it exists. */
  file: string;
  /** Writes a consistent copy of the live database to `dest` (Store.backup or a second connection). */
  copyDatabase: (dest: string) => Promise<void>;
  now?: number;
}

function tableExists(db: Database.Database, name: string): boolean {
  return db.prepare<[string]>("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

function readSecret(dataDir: string): string | undefined {
  try {
    const value = fs.readFileSync(path.join(dataDir, SECRET_FILE), 'utf8').trim();
    return value === '' ? undefined : value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes a backup of the data directory into `file` (a temporary name first, renamed when complete). */
export async function writeBackup(opts: WriteBackupOptions): Promise<BackupResult> {
  const file = path.resolve(opts.file);
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists; choose a new file name`);
  if (!fs.existsSync(path.dirname(file))) throw new BackupError(`the directory ${path.dirname(file)} does not exist`);
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.partial`);
  let db: Database.Database | undefined;
  try {
    await opts.copyDatabase(tmp);
    db = new Database(tmp, { fileMustExist: true });
    // One self-contained file: no -wal beside it. The copy is ours alone until the rename.
    db.pragma('journal_mode = DELETE');
    db.pragma('synchronous = OFF');
    db.exec(`
      CREATE TABLE ${META_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE ${FILES_TABLE} (name TEXT PRIMARY KEY, data BLOB NOT NULL);
    `);
    // Only the files the copied database references: uploads written after the copy are not in it.
    const names = tableExists(db, 'media_blobs')
      ? db
          .prepare<[], { stored_name: string; thumb_name: string | null }>(
            'SELECT stored_name, thumb_name FROM media_blobs',
          )
          .all()
          .flatMap((r) => (r.thumb_name ? [r.stored_name, r.thumb_name] : [r.stored_name]))
      : [];
    const insertFile = db.prepare<[string, Buffer]>(`INSERT OR IGNORE INTO ${FILES_TABLE} (name, data) VALUES (?, ?)`);
    const missing: string[] = [];
    let files = 0;
    for (const name of names) {
      // Missing: deleted since the database copy was taken, or lost before; reported, not fatal.
      const data = STORED_NAME.test(name) ? await opts.blobs.read(name) : undefined;
      if (!data) {
        missing.push(name);
        continue;
      }
      insertFile.run(name, data);
      files++;
    }
    const secret = readSecret(opts.dataDir);
    const meta: Record<string, string> = {
      format: BACKUP_FORMAT,
      version: String(BACKUP_VERSION),
      createdAt: new Date(opts.now ?? Date.now()).toISOString(),
    };
    if (secret) meta.secret = secret;
    const insertMeta = db.prepare<[string, string]>(`INSERT INTO ${META_TABLE} (key, value) VALUES (?, ?)`);
    db.transaction(() => {
      for (const [key, value] of Object.entries(meta)) insertMeta.run(key, value);
    })();
    const documents = tableExists(db, 'documents')
      ? (db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM documents').get()?.n ?? 0)
      : 0;
    db.close();
    db = undefined;
    fsyncFile(tmp);
    fs.renameSync(tmp, file);
    return { documents, files, missing, secret: secret !== undefined, bytes: fs.statSync(file).size };
  } catch (error) {
    if (db?.open) db.close();
    fs.rmSync(tmp, { force: true });
    throw error;
  }
}

/**
 * Backup of a data directory from outside the server process (the CLI): a second connection to the
 * database file, which SQLite's WAL mode allows while the server writes.
 */
export async function writeBackupOfDirectory(
  dataDir: string,
  file: string,
  blobs: Pick<BlobStore, 'read'>,
): Promise<BackupResult> {
  const dbFile = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(dbFile)) throw new BackupError(`no Tandem database in ${dataDir} (${DATABASE_FILE} is missing)`);
  const source = new Database(dbFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    return await writeBackup({
      dataDir,
      blobs,
      file,
      copyDatabase: async (dest) => {
        // Another process's write restarts an incremental copy, so a busy server could keep it from ever
        // finishing: after the first step, copy the rest in one (a WAL reader does not block the writer).
        await source.backup(dest, { progress: () => 0 });
      },
    });
  } finally {
    source.close();
  }
}

export interface BackupInfo {
  createdAt: string;
  version: number;
  secret: string | undefined;
}

const NOT_A_BACKUP = (file: string): BackupError =>
  new BackupError(`${file} is not a Tandem backup (make one with "tandem backup <file>")`);

/** Reads the backup's own table; any other file (not SQLite, or a plain database) is refused. */
export function readBackupInfo(db: Database.Database, file: string): BackupInfo {
  let rows: Array<{ key: string; value: string }>;
  try {
    if (!tableExists(db, META_TABLE) || !tableExists(db, FILES_TABLE) || !tableExists(db, 'documents')) {
      throw NOT_A_BACKUP(file);
    }
    rows = db.prepare<[], { key: string; value: string }>(`SELECT key, value FROM ${META_TABLE}`).all();
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw NOT_A_BACKUP(file);
  }
  const meta = new Map(rows.map((r) => [r.key, r.value]));
  if (meta.get('format') !== BACKUP_FORMAT) throw NOT_A_BACKUP(file);
  const version = Number(meta.get('version'));
  if (!Number.isInteger(version) || version < 1) throw NOT_A_BACKUP(file);
  if (version > BACKUP_VERSION) {
    throw new BackupError(
      `${file} was made by a newer Tandem (backup format ${version}); this one reads format ${BACKUP_VERSION}`,
    );
  }
  const secret = meta.get('secret');
  if (secret !== undefined && (secret.length < 32 || secret.length > 4096 || /\s/.test(secret))) {
    throw new BackupError(`${file} holds a damaged link secret`);
  }
  return { createdAt: meta.get('createdAt') ?? '', version, secret };
}

export interface RestoreResult {
  documents: number;
  files: number;
  secret: boolean;
  createdAt: string;
}

/** Whether `dir` may receive a restore: missing, or an empty directory. */
function checkTarget(dir: string): 'missing' | 'empty' {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'missing';
    if (code === 'ENOTDIR') throw new BackupError(`${dir} is not a directory`);
    throw error;
  }
  if (entries.length > 0) {
    throw new BackupError(
      `${dir} is not empty: a backup is restored only into an empty or new data directory (nothing was changed)`,
    );
  }
  return 'empty';
}

/**
 * Restores `file` into `dataDir`, which must be missing or empty; on failure it is left as it was. The
 * upload files go to `blobs` (the configured storage), by default `<dataDir>/uploads`.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  blobs?: Pick<BlobStore, 'putBytes'>,
): Promise<RestoreResult> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new BackupError(`${source} does not exist`);
  const target = path.resolve(dataDir);
  const state = checkTarget(target);
  let src: Database.Database;
  try {
    src = new Database(source, { readonly: true, fileMustExist: true });
  } catch {
    throw NOT_A_BACKUP(source);
  }
  const restoring = path.join(target, `${DATABASE_FILE}.restoring`);
  let db: Database.Database | undefined;
  try {
    const info = readBackupInfo(src, source);
    fs.mkdirSync(uploadsDir({ dataDir: target }), { recursive: true });
    const targetBlobs = blobs ?? createLocalBlobStore(uploadsDir({ dataDir: target }));
    const mimes = new Map<string, string>();
    if (tableExists(src, 'media_blobs')) {
      const blobRows = src.prepare<[], { stored_name: string; thumb_name: string | null; mime: string }>(
        'SELECT stored_name, thumb_name, mime FROM media_blobs',
      );
      for (const r of blobRows.iterate()) {
        mimes.set(r.stored_name, r.mime);
        if (r.thumb_name) mimes.set(r.thumb_name, 'image/webp');
      }
    }
    let files = 0;
    const rows = src.prepare<[], { name: string; data: Buffer }>(`SELECT name, data FROM ${FILES_TABLE}`);
    for (const { name, data } of rows.iterate()) {
      if (typeof name !== 'string' || !STORED_NAME.test(name) || name.includes('..') || !Buffer.isBuffer(data)) {
        throw new BackupError(`${source} holds a file with a name Tandem never writes: the backup is damaged`);
      }
      await targetBlobs.putBytes(name, data, mimes.get(name) ?? 'application/octet-stream');
      files++;
    }
    src.close();
    fs.copyFileSync(source, restoring, fs.constants.COPYFILE_EXCL);
    db = new Database(restoring, { fileMustExist: true });
    db.exec(`DROP TABLE ${FILES_TABLE}; DROP TABLE ${META_TABLE};`);
    db.exec('VACUUM');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${source} is damaged (SQLite: ${String(check)})`);
    const documents = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM documents').get()?.n ?? 0;
    db.pragma('journal_mode = WAL');
    db.close();
    db = undefined;
    fsyncFile(restoring);
    if (info.secret) {
      fs.writeFileSync(path.join(target, SECRET_FILE), `${info.secret}\n`, { mode: 0o600, flag: 'wx' });
    }
    fs.renameSync(restoring, path.join(target, DATABASE_FILE));
    return { documents, files, secret: info.secret !== undefined, createdAt: info.createdAt };
  } catch (error) {
    if (src.open) src.close();
    if (db?.open) db.close();
    // The directory was empty or missing: leave it so.
    if (state === 'missing') fs.rmSync(target, { recursive: true, force: true });
    else
      for (const entry of fs.readdirSync(target)) fs.rmSync(path.join(target, entry), { recursive: true, force: true });
    if (error instanceof BackupError) throw error;
    if (error instanceof Database.SqliteError) throw NOT_A_BACKUP(source);
    throw error;
  }
}
