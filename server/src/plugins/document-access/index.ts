import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { requireLiveDocument } from '../../domain/documents/document-record';
import type { AccessNeed, AccessRole } from '../../infra/security/access';
import { bearerToken } from '../../infra/security/access';
import type { DocumentRow } from '../../infra/storage/store';

/** What a route of one document needs of the caller's link. */
export type DocumentNeed = AccessNeed;

/** The document a route works on, as the access check found it. */
export interface DocumentAccess {
  id: string;
  /** The role the caller's link grants on it. */
  role: AccessRole;
  /** Its live (not trashed) row. */
  row: DocumentRow;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route works on the document in its `:id` param: a preHandler checks the bearer link for this
     * need (INVALID_DOC_ID, UNAUTHORIZED, FORBIDDEN) and loads the live row (DOC_NOT_FOUND, DOC_DELETED).
     */
    doc?: DocumentNeed;
  }
  interface FastifyRequest {
    /** The checked document of a route with `config.doc` (reading it elsewhere is a programming error). */
    readonly document: DocumentAccess;
  }
}

const ID_PARAM = /\/:id(\/|$)/;

/** Routes declare `config: { doc: 'read' | 'write' }` instead of checking the link and the row themselves. */
async function documentAccessPlugin(app: FastifyInstance): Promise<void> {
  const checked = new WeakMap<FastifyRequest, DocumentAccess>();

  app.decorateRequest('document', {
    getter(this: FastifyRequest): DocumentAccess {
      const access = checked.get(this);
      if (!access) throw new Error(`${this.routeOptions.url ?? this.url} has no config.doc`);
      return access;
    },
  });

  const check = (need: DocumentNeed) =>
    async function checkDocument(request: FastifyRequest): Promise<void> {
      const { id } = request.params as { id: string };
      const role = app.access.require(id, bearerToken(request), need);
      const row = await requireLiveDocument(app.store.documents, id);
      checked.set(request, { id, role, row });
    };

  app.addHook('onRoute', (route: RouteOptions) => {
    const need = route.config?.doc;
    if (need === undefined) return;
    if (!ID_PARAM.test(route.url)) throw new Error(`${route.url}: config.doc needs an :id param`);
    // After the route's own preHandlers, right before the handler (where the check used to be).
    const own =
      route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [...own, check(need)];
  });
}

export default fp(documentAccessPlugin, { name: 'document-access', dependencies: ['context'] });
