import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as Y from 'yjs';
import { DocParams } from '@shared/api/documents';
import {
  defaultExportFormat,
  defaultExportPage,
  defaultExportSuggestions,
  ExportBody,
  exportFormats,
  ExportQuery,
  isBinaryExportFormat,
  type BinaryExportFormat,
  type ExportPage,
  type ExportSuggestions,
} from '@shared/api/export';
import { exportFileName } from '@shared/document/html/export-file-name';
import { ExportLimits, RateLimits } from '@shared/limits';
import { AppError } from '../../infra/errors/app-error';
import { documentErrorResponses } from '../../infra/errors/responses';
import { contentDisposition } from '../../domain/media/names';
import { publicOrigin } from '../../infra/public-origin';
import { API_CSP } from '../../infra/security/content-security-policy';
import { imageSources, loadExportImages } from './load-images';
import { titleOf } from '../../domain/ydoc/doc-title';
import { loadOnce } from '../../infra/load-once';
import { FALLBACK_FILE_NAME } from './export-names';
import type { RenderedExport } from './service';
import type { DocxCommentThread } from './docx/comments';
import type { CommentThreadRow } from '../../infra/storage/store';

/** The threads as the Word export writes them: names, times and bodies (never the author keys' hashes). */
const docxThreads = (rows: readonly CommentThreadRow[]): DocxCommentThread[] =>
  rows.map((row) => ({
    id: row.id,
    resolved: row.resolved !== null,
    comments: row.comments.map((c) => ({ author: c.authorName, createdAt: c.createdAt, body: c.body })),
  }));
import { ExportQueueFull, ExportTimedOut } from './worker/export-pool';

const errors = documentErrorResponses(503);

/**
 * The text renderers (Tiptap's serializers, y-tiptap, the Markdown writer, the icon drawings) load at the
 * first HTML, text, JSON or Markdown export, not at start (issue 29, memory at rest).
 */
const loadService = loadOnce(() => import('./service'));

export async function exportRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, exportPool } = app;

  /** PDF or .docx: the room's state, title and upload images, rendered in an export worker. */
  async function renderBinary(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    format: BinaryExportFormat,
    page: ExportPage,
    suggestions: ExportSuggestions,
  ): Promise<RenderedExport> {
    const { state, title, sources } = await app.collab.withDocument(id, (doc) => ({
      state: Y.encodeStateAsUpdate(doc),
      title: titleOf(doc),
      sources: imageSources(doc, ExportLimits.maxImages),
    }));
    const origin = publicOrigin(request, app.config.publicUrl);
    // Our uploads are addressed by the public origin, or by the origin the editor was opened at.
    const origins = [...new Set([origin, `${request.protocol}://${request.host}`])];
    const images = await loadExportImages(sources, origins, app.blobs, store.media);
    let body: Buffer;
    try {
      // Word shows the document's comment threads as its own comments, at their anchors.
      const comments = format === 'docx' ? docxThreads(await store.comments.list(id)) : undefined;
      body = await exportPool.render({ format, state, page, suggestions, images, origin, comments });
    } catch (error) {
      if (error instanceof ExportQueueFull) {
        void reply.header('retry-after', String(RateLimits.busyRetryAfterS));
        throw new AppError('EXPORT_BUSY');
      }
      if (error instanceof ExportTimedOut) throw new AppError('EXPORT_TIMEOUT');
      throw error;
    }
    const { contentType, extension } = exportFormats[format];
    return { body, contentType, fileName: exportFileName(title, FALLBACK_FILE_NAME, extension) };
  }

  app.get(
    '/api/documents/:id/export',
    {
      config: { requestLimit: 'exports', doc: 'read' },
      schema: { params: DocParams, querystring: ExportQuery, response: { 200: ExportBody, ...errors } },
    },
    async (request, reply) => {
      const { id } = request.document;
      const format = request.query.format ?? defaultExportFormat;
      const suggestions = request.query.suggestions ?? defaultExportSuggestions;
      let rendered: RenderedExport;
      if (isBinaryExportFormat(format)) {
        const page = request.query.page ?? defaultExportPage;
        rendered = await renderBinary(request, reply, id, format, page, suggestions);
      } else {
        // The room's state as it is now (loaded on demand); rendering works on a copy, off the room.
        const state = await app.collab.withDocument(id, (doc) => Y.encodeStateAsUpdate(doc));
        const [{ renderExport }, model] = await Promise.all([loadService(), app.loadDocumentModel()]);
        rendered = renderExport(state, format, model, app.config.editor.entities, suggestions);
      }
      request.log.info(
        { docId: id, format, suggestions, bytes: Buffer.byteLength(rendered.body) },
        'document exported',
      );
      return (
        reply
          .header('content-type', rendered.contentType)
          .header('content-disposition', contentDisposition('attachment', rendered.fileName))
          .header('cache-control', 'no-store')
          // A download, never a page of this origin (the app's policy would otherwise apply to text/html).
          .header('content-security-policy', API_CSP)
          .send(rendered.body)
      );
    },
  );
}
