import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CreatedList,
  ListItem,
  ListItemParams,
  ListParams,
  ListResponse,
  PutListItemBody,
  listLink,
} from '@shared/api/lists';
import { ListLimits } from '@shared/limits';
import { AppError } from '../../infra/errors/app-error';
import { errorResponses } from '../../infra/errors/responses';
import { publicOrigin } from '../../infra/public-origin';
import { bearerToken } from '../../infra/security/access';
import type { PresenceTracker } from './presence';
import { describeList, itemRole, newListId, requireListToken, toListItem, tokenToKeep } from './service';

const errors = errorResponses(400, 401, 404, 413, 429);

/** Every answer of a list carries link tokens: no cache may keep one. */
const NO_STORE = 'no-store';

export function listRoutes(presence: PresenceTracker) {
  return async function routes(root: FastifyInstance): Promise<void> {
    const app = root.withTypeProvider<TypeBoxTypeProvider>();
    const { store, signer } = app;

    /** The list of `:id` for its own token; LIST_NOT_FOUND only reaches a caller who holds that token. */
    const requireList = async (id: string, token: string | undefined): Promise<void> => {
      requireListToken(signer, id, token);
      if (!(await store.lists.get(id))) throw new AppError('LIST_NOT_FOUND');
    };

    app.post(
      '/api/lists',
      {
        bodyLimit: ListLimits.maxBodyBytes,
        config: { requestLimit: 'listCreates' },
        schema: { response: { 201: CreatedList, ...errors } },
      },
      async (request, reply) => {
        const row = await store.lists.create(newListId(), Date.now());
        const token = signer.signList(row.id);
        request.log.info({ listId: row.id }, 'list created');
        return reply
          .status(201)
          .header('cache-control', NO_STORE)
          .send({ id: row.id, token, url: listLink(publicOrigin(request, app.config.publicUrl), row.id, token) });
      },
    );

    app.get(
      '/api/lists/:id',
      {
        config: { requestLimit: 'lists' },
        schema: { params: ListParams, response: { 200: ListResponse, ...errors } },
      },
      async (request, reply) => {
        const { id } = request.params;
        await requireList(id, bearerToken(request));
        const items = await describeList(store, signer, (docId) => presence.presenceOf(docId), id);
        return reply.header('cache-control', NO_STORE).send({ id, items, maxItems: ListLimits.maxItems });
      },
    );

    app.put(
      '/api/lists/:id/items/:docId',
      {
        bodyLimit: ListLimits.maxBodyBytes,
        config: { requestLimit: 'lists' },
        schema: {
          params: ListItemParams,
          body: PutListItemBody,
          response: { 200: ListItem, 201: ListItem, ...errorResponses(400, 401, 404, 409, 413, 429) },
        },
      },
      async (request, reply) => {
        const { id, docId } = request.params;
        await requireList(id, bearerToken(request));
        itemRole(signer, docId, request.body.token);
        const row = await store.documents.get(docId);
        if (!row) throw new AppError('DOC_NOT_FOUND');
        const existing = await store.lists.getItem(id, docId);
        const token = tokenToKeep(signer, existing?.token, request.body.token);
        const item = { listId: id, docId, token, addedAt: Date.now() };
        const result = await store.lists.putItem(item, ListLimits.maxItems);
        if (result === 'full') throw new AppError('LIST_FULL', { maxItems: ListLimits.maxItems });
        const stored = (await store.lists.getItem(id, docId)) ?? item;
        return reply
          .status(result === 'added' ? 201 : 200)
          .header('cache-control', NO_STORE)
          .send(toListItem(stored, row, itemRole(signer, docId, token), presence.presenceOf(docId)));
      },
    );

    app.delete(
      '/api/lists/:id/items/:docId',
      {
        config: { requestLimit: 'lists' },
        schema: { params: ListItemParams, response: { 204: Type.Null(), ...errors } },
      },
      async (request, reply) => {
        const { id, docId } = request.params;
        await requireList(id, bearerToken(request));
        // Removing what is not there is done too: a second device may have removed it first.
        await store.lists.removeItem(id, docId);
        return reply.status(204).send(null);
      },
    );
  };
}
