import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MediaParams, RemoteImageBody, UploadResponse } from '@shared/api/media';
import { ImageLimits, RateLimits } from '@shared/limits';
import { TOO_LARGE_CODE } from '../../domain/media/detect';
import { prepareUploadDirs } from '../../infra/media/disk';
import { ingestUpload } from '../../domain/media/ingest';
import { safeFetch } from '../../infra/media/safe-fetch';
import { documentErrorResponses } from '../../infra/errors/responses';
import { refuseRateLimited } from '../../infra/rate-limit/index';
import type { UploadKindRow } from '../../infra/storage/store';
import { receiveFile } from './multipart';
import { toUploadResponse } from './response';

const responses = { 200: UploadResponse, 201: UploadResponse, ...documentErrorResponses(413, 415, 422, 429) };

const ROUTES: ReadonlyArray<{ path: string; kind: UploadKindRow }> = [
  { path: '/api/documents/:id/images', kind: 'image' },
  { path: '/api/documents/:id/files', kind: 'file' },
  { path: '/api/documents/:id/videos', kind: 'video' },
];

/** Name of a remote image: the last path segment of its URL. */
function nameFromUrl(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Upload endpoints (multipart `file`, and server-side fetch of remote images). */
export default async function uploadsPlugin(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { config, store } = app;
  await prepareUploadDirs(app);
  // Encapsulated here: only these routes accept multipart bodies.
  await app.register(multipart, { throwFileSizeLimit: true, limits: { files: 1, fields: 10, parts: 12 } });

  const capOf = (kind: UploadKindRow): number =>
    kind === 'image'
      ? config.uploads.maxImageBytes
      : kind === 'file'
        ? config.uploads.maxFileBytes
        : config.uploads.maxVideoBytes;

  const send = (reply: FastifyReply, request: FastifyRequest, result: Awaited<ReturnType<typeof ingestUpload>>) =>
    reply.status(result.created ? 201 : 200).send(toUploadResponse(request, config, result.row));

  for (const { path, kind } of ROUTES) {
    // config.doc: the editor link of a live document, checked before any byte of the body is read.
    const options = {
      config: { requestLimit: 'uploads' as const, doc: 'write' as const },
      schema: { params: MediaParams, response: responses },
    };
    app.post(path, options, async (request, reply) => {
      const docId = request.document.id;
      const file = await receiveFile(request, kind, capOf(kind));
      const result = await ingestUpload(
        { config, instanceId: app.instanceId, media: store.media, blobs: app.blobs },
        { docId, kind, bytes: file.bytes, name: file.filename, tag: file.tag, uploader: file.uploader },
      );
      request.log.info({ docId, kind, uploadId: result.row.id, created: result.created }, 'upload stored');
      return send(reply, request, result);
    });
  }

  app.post(
    '/api/documents/:id/images/fetch',
    {
      config: { requestLimit: 'remoteFetches', doc: 'write' },
      schema: { params: MediaParams, body: RemoteImageBody, response: responses },
    },
    async (request, reply) => {
      const docId = request.document.id;
      // Process-wide cap on fetches in flight: one more is refused at once rather than queued.
      const release = app.remoteFetchGate.tryEnter();
      if (!release) refuseRateLimited(reply, RateLimits.busyRetryAfterS * 1000);
      let fetched: Awaited<ReturnType<typeof safeFetch>>;
      try {
        fetched = await safeFetch(request.body.url, {
          maxBytes: config.uploads.maxImageBytes,
          timeoutMs: ImageLimits.remoteFetchTimeoutMs,
          maxRedirects: ImageLimits.remoteFetchMaxRedirects,
          allowHosts: config.fetchAllowHosts,
          tooLargeCode: TOO_LARGE_CODE.image,
        });
      } finally {
        release();
      }
      const result = await ingestUpload(
        { config, instanceId: app.instanceId, media: store.media, blobs: app.blobs },
        {
          docId,
          kind: 'image',
          bytes: fetched.bytes,
          name: nameFromUrl(fetched.url),
          tag: request.body.tag,
          uploader: request.body.uploader,
        },
      );
      request.log.info({ docId, uploadId: result.row.id, created: result.created }, 'remote image stored');
      return send(reply, request, result);
    },
  );
}
