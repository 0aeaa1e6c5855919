import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as Y from 'yjs';
import { DocParams, ErrorResponse } from '@shared/api/documents';
import { defaultExportFormat, ExportBody, ExportQuery } from '@shared/api/export';
import { createDocumentModel } from '@shared/document/create-document-model';
import { contentDisposition } from '../../infra/media/names';
import { bearerToken } from '../../infra/security/access';
import { requireLiveDocument } from '../documents/service';
import { API_CSP } from '../security-headers/content-security-policy';
import { renderExport } from './service';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 410: ErrorResponse };

export async function exportRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, access } = app;
  const model = createDocumentModel(app.config.editor);

  app.get(
    '/api/documents/:id/export',
    {
      config: { rateLimit: 'exports' },
      schema: { params: DocParams, querystring: ExportQuery, response: { 200: ExportBody, ...errors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      access.require(id, bearerToken(request), 'read');
      await requireLiveDocument(store.documents, id);
      const format = request.query.format ?? defaultExportFormat;
      // The room's state as it is now (loaded on demand); rendering works on a copy, off the room.
      const state = await app.collab.withDocument(id, (room) => Y.encodeStateAsUpdate(room.doc));
      const rendered = renderExport(state, format, model, app.config.editor.entities);
      request.log.info({ docId: id, format, bytes: Buffer.byteLength(rendered.body) }, 'document exported');
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
