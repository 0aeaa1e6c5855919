import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DocParams } from '@shared/api/documents';
import { TOTAL_COUNT_HEADER } from '@shared/api/media';
import {
  CreateVersionBody,
  RenameVersionBody,
  VersionDetail,
  VersionList,
  VersionListItem,
  VersionListQuery,
  VersionParams,
} from '@shared/api/versions';
import { VersionLimits } from '@shared/limits';
import { AppError } from '../../infra/errors/app-error';
import { documentErrorResponses } from '../../infra/errors/responses';
import type { VersionMetaRow } from '../../infra/storage/store';
import { loadOnce } from '../../infra/load-once';

const errors = documentErrorResponses(429);

const toItem = (v: VersionMetaRow): VersionListItem => ({
  id: v.id,
  createdAt: v.createdAt,
  reason: v.reason,
  authors: v.authors,
  bytes: v.bytes,
  chars: v.chars,
  inserted: v.inserted,
  deleted: v.deleted,
  name: v.name,
});

/** A name as stored: trimmed, 1..maxNameLength characters; null unnames. */
function versionName(name: string | null | undefined): string | null {
  if (name === undefined || name === null) return null;
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > VersionLimits.maxNameLength) throw new AppError('VERSION_NAME_INVALID');
  return trimmed;
}

/**
 * Checks `name` before the schema does: its coercion would turn `''` into null (unnaming) and 42 into '42'.
 */
async function checkName(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !Object.hasOwn(body, 'name')) return;
  const name: unknown = Reflect.get(body, 'name');
  if (name !== null && typeof name !== 'string') throw new AppError('VERSION_NAME_INVALID');
  versionName(name);
}

/**
 * Schema failures of the body's `name` alone answer VERSION_NAME_INVALID; any other the usual way.
 * `emptyBody`: a request without a body stands for `{}`.
 */
function refuseInvalid(request: FastifyRequest, emptyBody = false): void {
  const error = request.validationError;
  if (!error) return;
  const inBody = error.validationContext === 'body';
  if (emptyBody && inBody && request.body === undefined) return;
  const paths: unknown[] = Array.isArray(error.validation)
    ? error.validation.map((v: unknown) =>
        typeof v === 'object' && v !== null ? Reflect.get(v, 'instancePath') : null,
      )
    : [];
  if (inBody && paths.length > 0 && paths.every((p) => p === '/name')) throw new AppError('VERSION_NAME_INVALID');
  throw error;
}

/** Reading a version's state as a document (Tiptap, y-tiptap) loads at the first version shown (issue 29). */
const loadReadDocument = loadOnce(() => import('../../domain/ydoc/read-document'));

/** The version history API (shared/src/api/versions.ts). */
export async function versionRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store } = app;

  app.get(
    '/api/documents/:id/versions',
    {
      config: { doc: 'read' },
      schema: { params: DocParams, querystring: VersionListQuery, response: { 200: VersionList, ...errors } },
    },
    async (request, reply) => {
      const docId = request.document.id;
      const { items, total } = await store.versions.list(docId, {
        offset: request.query.offset ?? 0,
        limit: request.query.limit ?? VersionLimits.pageSizeDefault,
      });
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return items.map(toItem);
    },
  );

  app.get(
    '/api/documents/:id/versions/:versionId',
    {
      // Reads a whole document through the model, like an export.
      config: { requestLimit: 'exports', doc: 'read' },
      schema: { params: VersionParams, response: { 200: VersionDetail, ...errors } },
    },
    async (request) => {
      const { id: docId, versionId } = request.params;
      const version = await store.versions.get(docId, versionId);
      if (!version) throw new AppError('VERSION_NOT_FOUND');
      const [{ documentJson, proseMirrorDocOf }, { schema }] = await Promise.all([
        loadReadDocument(),
        app.loadDocumentModel(),
      ]);
      const { doc, title } = proseMirrorDocOf(version.state, schema);
      return { ...toItem(version), ...documentJson(doc, title) };
    },
  );

  app.post(
    '/api/documents/:id/versions',
    {
      attachValidation: true,
      preValidation: checkName,
      // Before the document check (config.doc), as schema failures were answered first.
      preHandler: async (request) => refuseInvalid(request, true),
      config: { requestLimit: 'snapshots', doc: 'write' },
      schema: {
        params: DocParams,
        body: CreateVersionBody,
        response: { 200: VersionListItem, 201: VersionListItem, ...errors },
      },
    },
    async (request, reply) => {
      const docId = request.document.id;
      const body: CreateVersionBody | undefined = request.body;
      const name = versionName(body?.name);
      const { version, created } = await app.versions.record(docId, { reason: body?.reason ?? 'save', name });
      // Nothing changed since the latest version: that one is the answer.
      if (!version) throw new AppError('VERSION_NOT_FOUND');
      void reply.status(created ? 201 : 200);
      return toItem(version);
    },
  );

  app.patch(
    '/api/documents/:id/versions/:versionId',
    {
      attachValidation: true,
      preValidation: checkName,
      preHandler: async (request) => refuseInvalid(request),
      config: { requestLimit: 'snapshots', doc: 'write' },
      schema: { params: VersionParams, body: RenameVersionBody, response: { 200: VersionListItem, ...errors } },
    },
    async (request) => {
      const { id: docId, versionId } = request.params;
      const name = versionName(request.body.name);
      const renamed = await store.versions.rename(docId, versionId, name);
      if (!renamed) throw new AppError('VERSION_NOT_FOUND');
      request.log.info({ docId, versionId, named: name !== null }, 'version renamed');
      return toItem(renamed);
    },
  );
}
