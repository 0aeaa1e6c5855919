import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CreateDocumentBody,
  CreatedDocument,
  DocParams,
  DocumentList,
  DocumentMeta,
  ListDocumentsQuery,
  RenameDocumentBody,
  ShareLinksResponse,
  TitlesBody,
  TitlesResponse,
} from '@shared/api/documents';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { CloseCode } from '@shared/collab/close-codes';
import { DocumentLimits } from '@shared/limits';
import { AppError } from '../../infra/errors/app-error';
import { publicOrigin } from '../../infra/public-origin';
import { documentErrorResponses } from '../../infra/errors/responses';
import { bearerToken } from '../../infra/security/access';
import { normalizeTitle } from '../../domain/documents/document-record';
import { shareLinks } from '../../domain/documents/capability-links';
import { createDocument, toMeta } from './service';
import { TITLE_ORIGIN } from './title-sync';

const errors = documentErrorResponses();

export async function documentRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, access } = app;

  app.post(
    '/api/documents',
    {
      config: { requestLimit: 'documentCreates' },
      schema: { body: CreateDocumentBody, response: { 201: CreatedDocument, ...errors } },
    },
    async (request, reply) => {
      const created = await createDocument(
        store.documents,
        app.signer,
        publicOrigin(request, app.config.publicUrl),
        request.body?.title,
      );
      request.log.info({ docId: created.id }, 'document created');
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/documents/titles',
    { schema: { body: TitlesBody, response: { 200: TitlesResponse, ...errors } } },
    async (request) => {
      const ids = new Set<string>();
      for (const token of request.body.tokens) {
        const claim = app.signer.verify(token);
        if (claim) ids.add(claim.docId);
      }
      const rows = await store.documents.getMany([...ids]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          title: r.title,
          deleted: r.deletedAt !== null,
          updatedAt: new Date(r.updatedAt).toISOString(),
        })),
      };
    },
  );

  app.get(
    '/api/documents',
    { schema: { querystring: ListDocumentsQuery, response: { 200: DocumentList, ...errors } } },
    async (request) => {
      access.requireAdmin(bearerToken(request));
      const limit = request.query.limit ?? DocumentLimits.listPageSize;
      const offset = request.query.offset ?? 0;
      const { items, total } = await store.documents.list({ limit, offset, trash: request.query.trash ?? false });
      return {
        items: items.map((row) => {
          const { role: _role, ...meta } = toMeta(row, 'admin');
          return meta;
        }),
        total,
        limit,
        offset,
      };
    },
  );

  app.get(
    '/api/documents/:id',
    { config: { doc: 'read' }, schema: { params: DocParams, response: { 200: DocumentMeta, ...errors } } },
    async (request) => toMeta(request.document.row, request.document.role),
  );

  app.get(
    '/api/documents/:id/links',
    { config: { doc: 'read' }, schema: { params: DocParams, response: { 200: ShareLinksResponse, ...errors } } },
    async (request) => {
      const { id, role } = request.document;
      return shareLinks(app.signer, publicOrigin(request, app.config.publicUrl), id, role);
    },
  );

  app.patch(
    '/api/documents/:id',
    {
      config: { doc: 'write' },
      schema: { params: DocParams, body: RenameDocumentBody, response: { 200: DocumentMeta, ...errors } },
    },
    async (request) => {
      const { id, role } = request.document;
      const title = normalizeTitle(request.body.title);
      // The shared title is the source of truth; everybody connected sees the rename at once.
      await app.collab.withDocument(id, (doc) => {
        doc.transact(() => doc.getMap(YDocKeys.meta).set(YDocKeys.titleKey, title), TITLE_ORIGIN);
      });
      const row = await store.documents.rename(id, title, Date.now());
      if (!row) throw new AppError('DOC_NOT_FOUND');
      return toMeta(row, role);
    },
  );

  app.delete(
    '/api/documents/:id',
    { config: { doc: 'write' }, schema: { params: DocParams, response: { 200: DocumentMeta, ...errors } } },
    async (request) => {
      const { id, role } = request.document;
      const row = await store.documents.setDeleted(id, Date.now());
      if (!row) throw new AppError('DOC_NOT_FOUND');
      await app.collab.closeDocument(id, CloseCode.DOC_DELETED);
      request.log.info({ docId: id }, 'document moved to trash');
      return toMeta(row, role);
    },
  );

  app.post(
    '/api/documents/:id/restore',
    { schema: { params: DocParams, response: { 200: DocumentMeta, ...documentErrorResponses(409) } } },
    async (request) => {
      const { id } = request.params;
      // Not config.doc: this route works on a trashed document.
      const role = access.require(id, bearerToken(request), 'write');
      const existing = await store.documents.get(id);
      if (!existing) throw new AppError('DOC_NOT_FOUND');
      if (existing.deletedAt === null) throw new AppError('DOC_NOT_DELETED');
      const row = await store.documents.setDeleted(id, null);
      if (!row) throw new AppError('DOC_NOT_FOUND');
      request.log.info({ docId: id }, 'document restored');
      return toMeta(row, role);
    },
  );
}
