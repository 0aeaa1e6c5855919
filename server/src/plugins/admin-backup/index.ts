import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import * as Y from 'yjs';
import { CreatedDocument, DocParams, isValidDocId } from '@shared/api/documents';
import { ArchiveLimits } from '@shared/limits';
import { exportDocumentArchive, importDocumentArchive } from '../../domain/archive/archive';
import { writeBackup } from '../../infra/backup/backup';
import { AppError } from '../../infra/errors/app-error';
import { errorResponses } from '../../infra/errors/responses';
import { publicOrigin } from '../../infra/public-origin';
import { bearerToken } from '../../infra/security/access';
import { retentionPolicyOf } from '../../domain/versions/retention';
import { createdDocumentLinks } from '../../domain/documents/capability-links';

const errors = errorResponses(400, 401, 403, 404, 413);

/** `2026-11-26T10-15-00Z`: a file-name-safe UTC time. */
const stamp = (now: Date): string =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');

/** Sends a finished file as a download and removes its directory once the response is done. */
function sendFile(reply: FastifyReply, file: string, cleanup: string, name: string, type: string): FastifyReply {
  const stream = fs.createReadStream(file);
  stream.on('close', () => void fs.promises.rm(cleanup, { recursive: true, force: true }));
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('content-length', fs.statSync(file).size)
    .header('cache-control', 'no-store')
    .send(stream);
}

/**
 * Operators (issue 13): `POST /api/admin/backup` (the whole store as one file, as `tandem backup`),
 * `GET /api/admin/documents/:id/archive` and `POST /api/admin/documents/archive` (one document with
 * its history, as `tandem export-document` / `import-document`).
 */
export default async function adminBackupPlugin(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const log = app.log.child({ plugin: 'admin-backup' });

  // Archives arrive as raw bytes whatever the declared type (only in this plugin's scope).
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ArchiveLimits.maxArchiveBytes }, (_r, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/admin/backup',
    { schema: { response: { ...errorResponses(409, 500), ...errors } } },
    async (request, reply) => {
      app.access.requireAdmin(bearerToken(request));
      // The backup file holds the SQLite database; PostgreSQL is dumped with its own tools (as `tandem backup` says).
      if (app.config.databaseUrl) {
        throw new AppError('BACKUP_USE_PG_DUMP', {
          database: 'pg_dump (restore with pg_restore or psql)',
          uploads: app.blobs.kind === 's3' ? 'copy the bucket' : 'copy the uploads folder of the data directory',
          documents: 'GET /api/admin/documents/:id/archive moves single documents between any two deployments',
        });
      }
      const now = new Date();
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'tandem-backup-'));
      const name = `tandem-backup-${stamp(now)}.tandem`;
      const file = path.join(dir, name);
      try {
        const result = await writeBackup({
          dataDir: app.config.dataDir,
          blobs: app.blobs,
          file,
          copyDatabase: (dest) => app.store.backup(dest),
          now: now.getTime(),
        });
        if (result.missing.length > 0) {
          request.log.warn(
            { missing: result.missing.length, names: result.missing.slice(0, 20) },
            'upload files missing',
          );
        }
        request.log.info(
          { documents: result.documents, files: result.files, bytes: result.bytes, secret: result.secret },
          'backup written',
        );
      } catch (err) {
        await fs.promises.rm(dir, { recursive: true, force: true });
        log.error({ err }, 'backup failed');
        throw new AppError('BACKUP_FAILED');
      }
      return sendFile(reply, file, dir, name, 'application/octet-stream');
    },
  );

  app.get(
    '/api/admin/documents/:id/archive',
    { schema: { params: DocParams, response: { 200: Type.Unknown(), ...errors } } },
    async (request, reply) => {
      app.access.requireAdmin(bearerToken(request));
      const { id } = request.params;
      if (!isValidDocId(id)) throw new AppError('INVALID_DOC_ID');
      if (!(await app.store.documents.get(id))) throw new AppError('DOC_NOT_FOUND');
      // The live state when the document is open (edits not yet stored included), else the stored one.
      const state = await app.collab.withDocument(id, (doc) => Y.encodeStateAsUpdate(doc));
      const { archive, missing } = await exportDocumentArchive({ store: app.store, blobs: app.blobs }, id, state);
      if (missing.length > 0) request.log.warn({ docId: id, missing }, 'archive: upload files missing');
      request.log.info({ docId: id, bytes: archive.byteLength }, 'document archive exported');
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="tandem-document-${id}-${stamp(new Date())}.json.gz"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );

  app.post(
    '/api/admin/documents/archive',
    { bodyLimit: ArchiveLimits.maxArchiveBytes, schema: { response: { 201: CreatedDocument, ...errors } } },
    async (request, reply) => {
      app.access.requireAdmin(bearerToken(request));
      const body: unknown = request.body;
      if (!Buffer.isBuffer(body))
        throw new AppError('ARCHIVE_INVALID', { reason: 'send the archive file as the body' });
      const result = await importDocumentArchive(
        {
          store: app.store,
          blobs: app.blobs,
          rules: app.config.collab.guard ? (await app.loadDocumentModel()).rules : null,
          sanitize: (html) => app.sanitizer.sanitize(html),
          maxDocumentBytes: app.config.collab.maxDocumentBytes,
          retention: retentionPolicyOf(app.config),
        },
        body,
      );
      request.log.info({ ...result }, 'document archive imported');
      const origin = publicOrigin(request, app.config.publicUrl);
      return reply.status(201).send(createdDocumentLinks(app.signer, origin, result));
    },
  );
}
