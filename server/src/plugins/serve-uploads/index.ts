import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../infra/errors/app-error';
import { contentDisposition, downloadName, extensionOf } from '../../domain/media/names';
import { parseRange } from './range';

const StoredNameParams = Type.Object({ storedName: Type.String({ maxLength: 200 }) });
const ServeQuery = Type.Object({ inline: Type.Optional(Type.Literal('1')) });

// Served files can never run script or load anything but themselves, even when opened directly.
const CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

// `?inline=1` on a PDF (the files manager's preview): the browser's PDF viewer does not run under a
// `sandbox` CSP, so this variant drops it but still forbids scripts, plugins and framing by other sites.
const PDF_PREVIEW_CSP = "default-src 'none'; object-src 'none'; script-src 'none'; frame-ancestors 'self'";

const isInlineType = (mime: string): boolean => /^(image|video|audio)\//.test(mime);

/** `GET /uploads/:storedName`: the stored bytes, looked up by name in the database (never a path join). */
export default async function serveUploadsPlugin(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { blobs, store } = app;

  app.get(
    '/uploads/:storedName',
    { schema: { params: StoredNameParams, querystring: ServeQuery } },
    async (request, reply) => {
      const { storedName } = request.params;
      if (!/^[a-z0-9][a-z0-9._-]{0,127}$/.test(storedName)) throw new AppError('NOT_FOUND');
      const blob = await store.media.getBlobByStoredName(storedName);
      if (!blob) throw new AppError('NOT_FOUND');
      const isThumb = blob.thumbName === storedName;
      const mime = isThumb ? 'image/webp' : blob.mime;

      const size = await blobs.size(storedName);
      if (size === undefined) throw new AppError('NOT_FOUND');
      const etag = `"${blob.hash.slice(0, 32)}${isThumb ? '-t' : ''}-${size.toString(36)}"`;

      let name = isThumb ? 'thumbnail.webp' : storedName;
      if (!isThumb) {
        const uploads = await store.media.uploadsByStoredName(storedName);
        // The extension follows the detected type (the stored name's), whatever the uploaded name said.
        if (uploads[0]) name = downloadName(uploads[0].name, extensionOf(storedName));
      }

      const pdfPreview = request.query.inline === '1' && mime === 'application/pdf';
      void reply
        .header('content-type', mime)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          contentDisposition(isInlineType(mime) || pdfPreview ? 'inline' : 'attachment', name),
        )
        .header('content-security-policy', pdfPreview ? PDF_PREVIEW_CSP : CSP)
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('accept-ranges', 'bytes');

      const ifNoneMatch = request.headers['if-none-match'];
      if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((t) => t.trim() === etag)) {
        return reply.status(304).send();
      }

      const ifRange = request.headers['if-range'];
      const range =
        typeof ifRange === 'string' && ifRange.trim() !== etag ? null : parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${size}`).send();
      }
      // From S3 a range is a ranged GET: only the asked bytes leave the bucket.
      const body = await blobs.open(storedName, range ?? undefined);
      if (!body) throw new AppError('NOT_FOUND');
      if (range) {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1)
          .send(body);
      }
      return reply.header('content-length', size).send(body);
    },
  );
}
