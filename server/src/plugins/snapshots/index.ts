import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MediaParams, SavedSnapshot, TOTAL_COUNT_HEADER } from '@shared/api/media';
import { SnapshotList, SnapshotListQuery, SnapshotsPageSize } from '@shared/api/snapshots';
import { EXPLICIT_SAVE_HEADER, EXPLICIT_SAVE_VALUE } from '@shared/api/versions';
import { AutosaveLimits, RateLimits } from '@shared/limits';
import { AppError } from '../../infra/errors/app-error';
import { documentErrorResponses } from '../../infra/errors/responses';
import { refuseRateLimited } from '../../infra/rate-limit/index';
import { SanitizeQueueFull } from '../../infra/sanitize/sanitize-pool';

const errors = documentErrorResponses(413, 429);

/**
 * Raw request cap: the HTML cap plus room for form encoding (each byte can become `%XX`) or JSON escapes;
 * the decoded `body` is checked against the HTML cap itself.
 */
const REQUEST_LIMIT = AutosaveLimits.maxBodyBytes * 3 + 64 * 1024;

/** The `body` field of a form or JSON save, or null. */
function bodyField(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value: unknown = Object.hasOwn(body, 'body') ? (body as { body: unknown }).body : undefined;
  return typeof value === 'string' ? value : null;
}

/** Autosave (Froala's save plugin, `saveParam: 'body'`): sanitized HTML snapshots per document. */
export default async function snapshotsPlugin(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store } = app;

  // Every failure answers non-200 (Froala treats any other status as save error 2).
  app.post(
    '/api/documents/:id/snapshots',
    {
      bodyLimit: REQUEST_LIMIT,
      config: { requestLimit: 'snapshots', doc: 'write' },
      schema: { params: MediaParams, response: { 200: SavedSnapshot, ...errors } },
    },
    async (request, reply) => {
      const docId = request.document.id;
      const raw = bodyField(request.body);
      if (raw === null) throw new AppError('SNAPSHOT_BODY_MISSING');
      if (Buffer.byteLength(raw, 'utf8') > AutosaveLimits.maxBodyBytes) throw new AppError('TOO_LARGE');

      // Off the event loop: a 5 MB body takes seconds to sanitize.
      let html: string;
      try {
        html = await app.sanitizer.sanitize(raw);
      } catch (error) {
        if (error instanceof SanitizeQueueFull) refuseRateLimited(reply, RateLimits.busyRetryAfterS * 1000);
        throw error;
      }
      const hash = createHash('sha256').update(html).digest('hex');
      // An explicit save (Save button, Ctrl+S) also records a version, even of an unchanged body.
      const explicit = request.headers[EXPLICIT_SAVE_HEADER] === EXPLICIT_SAVE_VALUE;
      const latest = await store.snapshots.latest(docId);
      if (latest && latest.hash === hash) {
        if (explicit) await app.versions.record(docId, { reason: 'save' });
        return { id: latest.id, createdAt: latest.createdAt, bytes: latest.bytes, created: false };
      }
      const row = {
        id: randomBytes(12).toString('base64url'),
        docId,
        html,
        hash,
        bytes: Buffer.byteLength(html, 'utf8'),
        createdAt: Date.now(),
      };
      await store.snapshots.insert(row, AutosaveLimits.maxSnapshotsPerDocument);
      request.log.info({ docId, snapshotId: row.id, bytes: row.bytes }, 'snapshot stored');
      if (explicit) await app.versions.record(docId, { reason: 'save' });
      return { id: row.id, createdAt: row.createdAt, bytes: row.bytes, created: true };
    },
  );

  app.get(
    '/api/documents/:id/snapshots',
    {
      config: { doc: 'read' },
      schema: { params: MediaParams, querystring: SnapshotListQuery, response: { 200: SnapshotList, ...errors } },
    },
    async (request, reply) => {
      const docId = request.document.id;
      const { items, total } = await store.snapshots.list(docId, {
        offset: request.query.offset ?? 0,
        limit: request.query.limit ?? SnapshotsPageSize.default,
      });
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return items.map((s) => ({ id: s.id, createdAt: s.createdAt, bytes: s.bytes }));
    },
  );
}
