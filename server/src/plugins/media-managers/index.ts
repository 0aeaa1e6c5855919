import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DeleteUploadBody,
  DeletedUpload,
  FileItem,
  FilesQuery,
  ImageManagerItem,
  ImageManagerQuery,
  MediaParams,
  TagBody,
  TOTAL_COUNT_HEADER,
  UploadIdParams,
  storedNameFromUrl,
} from '@shared/api/media';
import { FileLimits, ImageManagerLimits } from '@shared/limits';
import { normalizeTags } from '../../domain/media/names';
import { AppError } from '../../infra/errors/app-error';
import { documentErrorResponses } from '../../infra/errors/responses';
import { absoluteUploadUrl } from '../../infra/media/files';
import type { UploadKindRow, UploadRow } from '../../infra/storage/store';
import { deleteUploads } from './removal';

const errors = documentErrorResponses();
/** "Everything" for the unpaged image manager load (Froala expects the whole list). */
const WHOLE_LIST = 1_000_000;

/** Image manager and files manager: list, tag and delete a document's uploads. */
export default async function mediaManagersPlugin(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { config, store } = app;

  const url = (request: FastifyRequest, name: string): string => absoluteUploadUrl(request, config, name);

  const toImageItem = (request: FastifyRequest, row: UploadRow): ImageManagerItem => {
    const item: ImageManagerItem = {
      url: url(request, row.storedName),
      thumb: url(request, row.thumbName ?? row.storedName),
      tag: row.tag,
      name: row.name,
      id: row.id,
    };
    if (row.width !== null) item.width = row.width;
    if (row.height !== null) item.height = row.height;
    return item;
  };

  const toFileItem = (request: FastifyRequest, row: UploadRow): FileItem => {
    const item: FileItem = {
      id: row.id,
      url: url(request, row.storedName),
      kind: row.kind,
      name: row.name,
      size: row.bytes,
      type: row.mime,
      time: row.createdAt,
      uploader: row.uploader,
    };
    if (row.thumbName) item.thumb = url(request, row.thumbName);
    if (row.width !== null) item.width = row.width;
    if (row.height !== null) item.height = row.height;
    return item;
  };

  /**
   * The records of THIS document that `src` (url or thumb url, absolute or relative) points at.
   * Only another document's record → 403 UPLOAD_FORBIDDEN; none → 404 UPLOAD_NOT_FOUND.
   */
  const resolveSrc = async (docId: string, src: string, kinds: readonly UploadKindRow[]): Promise<UploadRow[]> => {
    const name = storedNameFromUrl(src.trim());
    if (name === null) throw new AppError('UPLOAD_NOT_FOUND');
    const all = await store.media.uploadsByStoredName(name);
    const own = all.filter((row) => row.docId === docId && kinds.includes(row.kind));
    if (own.length > 0) return own;
    if (all.some((row) => row.docId !== docId)) throw new AppError('UPLOAD_FORBIDDEN');
    throw new AppError('UPLOAD_NOT_FOUND');
  };

  app.get(
    '/api/documents/:id/images',
    {
      config: { doc: 'read' },
      schema: {
        params: MediaParams,
        querystring: ImageManagerQuery,
        response: { 200: Type.Array(ImageManagerItem), ...errors },
      },
    },
    async (request, reply) => {
      const docId = request.document.id;
      const { offset, limit, tag } = request.query;
      const paged = offset !== undefined || limit !== undefined;
      const tagFilter = tag !== undefined && tag.trim() !== '' ? tag.trim() : undefined;
      const { items, total } = await store.media.listUploads(docId, {
        kinds: ['image'],
        tag: tagFilter,
        offset: paged ? (offset ?? 0) : 0,
        limit: paged ? (limit ?? ImageManagerLimits.pageSize) : WHOLE_LIST,
      });
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return items.map((row) => toImageItem(request, row));
    },
  );

  app.patch(
    '/api/documents/:id/images/:uploadId',
    {
      config: { doc: 'write' },
      schema: { params: UploadIdParams, body: TagBody, response: { 200: ImageManagerItem, ...errors } },
    },
    async (request) => {
      const { id: docId, uploadId } = request.params;
      const row = await store.media.getUpload(uploadId);
      if (!row || row.kind !== 'image') throw new AppError('UPLOAD_NOT_FOUND');
      if (row.docId !== docId) throw new AppError('UPLOAD_FORBIDDEN');
      const updated = await store.media.setTag(uploadId, normalizeTags(request.body.tag));
      if (!updated) throw new AppError('UPLOAD_NOT_FOUND');
      return toImageItem(request, updated);
    },
  );

  const deleteRoute = (path: string, kinds: readonly UploadKindRow[]): void => {
    app.post(
      path,
      {
        config: { doc: 'write' },
        schema: { params: MediaParams, body: DeleteUploadBody, response: { 200: DeletedUpload, ...errors } },
      },
      async (request) => {
        const docId = request.document.id;
        const rows = await resolveSrc(docId, request.body.src, kinds);
        await deleteUploads(app, docId, rows);
        const first = rows[0];
        if (!first) throw new AppError('UPLOAD_NOT_FOUND');
        return { deleted: true as const, id: first.id };
      },
    );
  };
  deleteRoute('/api/documents/:id/images/delete', ['image']);
  deleteRoute('/api/documents/:id/files/delete', ['image', 'file', 'video']);

  app.get(
    '/api/documents/:id/files',
    {
      config: { doc: 'read' },
      schema: { params: MediaParams, querystring: FilesQuery, response: { 200: Type.Array(FileItem), ...errors } },
    },
    async (request, reply) => {
      const docId = request.document.id;
      const { q, kind, offset, limit } = request.query;
      const search = q !== undefined && q.trim() !== '' ? q.trim() : undefined;
      const { items, total } = await store.media.listUploads(docId, {
        kinds: kind ? [kind] : undefined,
        search,
        offset: offset ?? 0,
        limit: limit ?? FileLimits.pageSize,
      });
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return items.map((row) => toFileItem(request, row));
    },
  );
}
