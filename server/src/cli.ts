import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as Y from 'yjs';
import { isValidDocId } from '@shared/api/documents';
import { capabilityLink } from '@shared/api/links';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { exportDocumentArchive, importDocumentArchive } from './domain/archive/archive';
import { BackupError, DATABASE_FILE, restoreBackup, writeBackupOfDirectory } from './infra/backup/backup';
import type { BlobStore } from './infra/blobs/blob-store';
import { createBlobStore } from './infra/blobs/index';
import { AppError } from './infra/errors/app-error';
import { sanitizeHtml } from './infra/sanitize/html';
import { loadOrCreateSecret } from './infra/security/secret';
import { TokenSigner } from './infra/security/tokens';
import { openStore } from './infra/storage/open-store';
import { openSqliteStore } from './infra/storage/sqlite-store';
import type { Store } from './infra/storage/store';
import { retentionPolicyOf } from './domain/versions/retention';

const USAGE = `Usage: tandem <command> [options]

Commands:
  backup <file>                    Write a backup of the whole store (database, uploads, link secret)
                                   into one new file. Works while the server runs.
  restore <file>                   Restore a backup into an empty or missing data directory.
  export-document <docId> <file>   Write one document with its history, snapshots and uploads into
                                   an archive file (gzip JSON).
  import-document <file>           Import a document archive; keeps its id when free, else assigns a
                                   new one, and prints the new document's links.

Options:
  --data-dir <dir>   The data directory (default: TANDEM_DATA_DIR, else ./data)
  -h, --help         Show this help

Exit codes: 0 done, 1 failed (the message says why), 2 wrong usage or configuration.
`;

/** Wrong usage: the message and the help, exit code 2. */
class UsageError extends Error {}

const say = (line: string): void => void process.stderr.write(`tandem: ${line}\n`);

interface Context {
  cwd: string;
  config: ServerConfig;
}

function requirePositionals(args: string[], names: string[]): string[] {
  if (args.length !== names.length) {
    throw new UsageError(`expected ${names.map((n) => `<${n}>`).join(' ')}, got ${args.length} argument(s)`);
  }
  return args;
}

/** Runs `fn` with the configured blob storage; an operator sees the provider's own failure here. */
async function withBlobs<T>(config: ServerConfig, fn: (blobs: BlobStore) => Promise<T>): Promise<T> {
  const blobs = await createBlobStore(config, {
    error: (fields, message) => say(`${message}: ${JSON.stringify(fields)}`),
  });
  try {
    return await fn(blobs);
  } finally {
    blobs.close();
  }
}

/**
 * Opens the configured store: PostgreSQL (DATABASE_URL), or the SQLite file of an existing data directory
 * (never creates one by mistake).
 */
async function openExistingStore(config: ServerConfig): Promise<Store> {
  if (config.databaseUrl) return openStore(config);
  if (!fs.existsSync(path.join(config.dataDir, DATABASE_FILE))) {
    throw new BackupError(`no Tandem database in ${config.dataDir} (${DATABASE_FILE} is missing)`);
  }
  return openSqliteStore(config.dataDir);
}

/** Whole-deployment backups copy the SQLite file; a PostgreSQL deployment uses its own tools. */
function refuseOnPostgres(config: ServerConfig, what: string): void {
  if (!config.databaseUrl) return;
  throw new BackupError(
    `${what} covers the embedded SQLite database only; with DATABASE_URL set, back up PostgreSQL with ` +
      `pg_dump (restore with pg_restore or psql) and copy the uploads directory of ${config.dataDir}; ` +
      '`tandem export-document` and `tandem import-document` move single documents between any two deployments',
  );
}

async function backup(ctx: Context, args: string[]): Promise<void> {
  const [target = ''] = requirePositionals(args, ['file']);
  refuseOnPostgres(ctx.config, '`tandem backup`');
  const file = path.resolve(ctx.cwd, target);
  const result = await withBlobs(ctx.config, (blobs) => writeBackupOfDirectory(ctx.config.dataDir, file, blobs));
  if (result.missing.length > 0) {
    say(`warning: ${result.missing.length} upload file(s) referenced by the database are missing from the storage:`);
    for (const name of result.missing.slice(0, 20)) say(`  ${name}`);
  }
  say(
    `backup written to ${file}: ${result.documents} document(s), ${result.files} upload file(s), ` +
      `${result.bytes} bytes${result.secret ? ', link secret included' : ''}`,
  );
  if (!result.secret && ctx.config.secret) say('the link secret comes from TANDEM_SECRET: keep that value too');
}

async function restore(ctx: Context, args: string[]): Promise<void> {
  const [source = ''] = requirePositionals(args, ['file']);
  refuseOnPostgres(ctx.config, '`tandem restore`');
  const result = await withBlobs(ctx.config, (blobs) =>
    restoreBackup(path.resolve(ctx.cwd, source), ctx.config.dataDir, blobs),
  );
  say(
    `restored the backup of ${result.createdAt} into ${ctx.config.dataDir}: ${result.documents} document(s), ` +
      `${result.files} upload file(s)${result.secret ? ', link secret' : ''}`,
  );
  if (!result.secret) say('the backup holds no link secret: start the server with the TANDEM_SECRET it used');
}

async function exportDocument(ctx: Context, args: string[]): Promise<void> {
  const [docId = '', target = ''] = requirePositionals(args, ['docId', 'file']);
  if (!isValidDocId(docId)) throw new UsageError(`"${docId}" is not a document id`);
  const file = path.resolve(ctx.cwd, target);
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists; choose a new file name`);
  const store = await openExistingStore(ctx.config);
  try {
    if (!(await store.documents.get(docId))) throw new BackupError(`there is no document ${docId}`);
    const stored = await store.updates.load(docId);
    const state = stored.updates.length > 0 ? Y.mergeUpdates(stored.updates) : Y.encodeStateAsUpdate(new Y.Doc());
    const { archive, missing } = await withBlobs(ctx.config, (blobs) =>
      exportDocumentArchive({ store, blobs }, docId, state),
    );
    fs.writeFileSync(file, archive, { flag: 'wx' });
    if (missing.length > 0) say(`warning: ${missing.length} upload file(s) missing from the storage were left out`);
    say(`document ${docId} written to ${file} (${archive.byteLength} bytes)`);
  } finally {
    await store.close();
  }
}

async function importDocument(ctx: Context, args: string[]): Promise<void> {
  const [source = ''] = requirePositionals(args, ['file']);
  const file = path.resolve(ctx.cwd, source);
  let raw: Buffer;
  try {
    raw = fs.readFileSync(file);
  } catch {
    throw new BackupError(`cannot read ${file}`);
  }
  const { config } = ctx;
  // Before the import: the links it prints must be the ones every instance accepts.
  const signer = new TokenSigner(
    loadOrCreateSecret(config.dataDir, config.secret, config.databaseUrl !== undefined).secret,
  );
  const store = await openExistingStore(config);
  try {
    const result = await withBlobs(config, (blobs) =>
      importDocumentArchive(
        {
          store,
          blobs,
          rules: config.collab.guard ? createDocumentModel(config.editor).rules : null,
          sanitize: async (html) => sanitizeHtml(html, config.editor),
          maxDocumentBytes: config.collab.maxDocumentBytes,
          retention: retentionPolicyOf(config),
        },
        raw,
      ),
    );
    if (result.previousId) say(`the id ${result.previousId} is taken: the document got the new id ${result.id}`);
    if (result.repaired > 0) say(`removed ${result.repaired} item(s) the document model does not allow`);
    if (result.skippedUploads > 0) say(`left out ${result.skippedUploads} upload(s) without a valid file`);
    say(
      `imported document ${result.id} "${result.title}": ${result.versions} version(s), ` +
        `${result.snapshots} snapshot(s), ${result.uploads} upload(s)`,
    );
    const origin = config.publicUrl ?? `http://localhost:${config.port}`;
    process.stdout.write(`${result.id}\n`);
    process.stdout.write(`editor link: ${capabilityLink(origin, result.id, signer.sign(result.id, 'editor'))}\n`);
    process.stdout.write(`commenter link: ${capabilityLink(origin, result.id, signer.sign(result.id, 'commenter'))}\n`);
    process.stdout.write(`viewer link: ${capabilityLink(origin, result.id, signer.sign(result.id, 'viewer'))}\n`);
  } finally {
    await store.close();
  }
}

/** Runs one command; returns the exit code. */
/** Stands in for a document id that starts with `-` while the options are parsed. */
const ID_STAND_IN = '\u0000document-id';
const OPTION = /^(--data-dir(=.*)?|--help|-h|--)$/;

/**
 * Document ids may start with `-` (their alphabet is URL-safe base64), so the id after `export-document` is
 * never read as an option: `tandem export-document -Bz… file` failed with "Unknown option '-B'".
 */
function parseCommandLine(argv: string[]) {
  const at = argv.indexOf('export-document');
  const id = at >= 0 ? argv[at + 1] : undefined;
  const guarded = id !== undefined && id.startsWith('-') && !OPTION.test(id);
  const parsed = parseArgs({
    args: guarded ? argv.map((arg, i) => (i === at + 1 ? ID_STAND_IN : arg)) : argv,
    options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  const positionals = parsed.positionals.map((arg) => (guarded && arg === ID_STAND_IN ? id : arg));
  return { values: parsed.values, positionals };
}

export async function run(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    process.stderr.write(`\n${USAGE}`);
    return 2;
  }
  const [command, ...rest] = parsed.positionals;
  if (parsed.values.help || command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  // npm runs scripts in the package root: relative paths mean the caller's directory.
  const cwd = env.INIT_CWD ?? process.cwd();
  const dataDirArg = parsed.values['data-dir'];
  try {
    const config = loadConfig(dataDirArg ? { ...env, TANDEM_DATA_DIR: path.resolve(cwd, dataDirArg) } : env, cwd);
    const ctx: Context = { cwd, config };
    switch (command) {
      case 'backup':
        await backup(ctx, rest);
        break;
      case 'restore':
        await restore(ctx, rest);
        break;
      case 'export-document':
        await exportDocument(ctx, rest);
        break;
      case 'import-document':
        await importDocument(ctx, rest);
        break;
      case undefined:
        throw new UsageError('no command given');
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      say(error.message);
      process.stderr.write(`\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      say(`configuration error: ${error.message}`);
      return 2;
    }
    if (error instanceof BackupError) {
      say(error.message);
      return 1;
    }
    if (error instanceof AppError) {
      const reason = (error.details as { reason?: unknown } | undefined)?.reason;
      say(typeof reason === 'string' ? `${error.message} (${reason})` : error.message);
      return 1;
    }
    say(`failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** Whether this module is the program itself (`node dist-server/cli.js`, `tsx server/src/cli.ts`). */
function isMain(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(fs.realpathSync(entry)).href;
  } catch {
    return false;
  }
}

// bin/tandem.mjs imports `run` instead.
if (isMain()) {
  void run(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
