import type { FastifyRequest } from 'fastify';
import { isValidDocId, type Role } from '@shared/api/documents';
import { AppError } from '../errors/app-error';
import { secretsEqual, type TokenSigner } from './tokens';

export type AccessRole = Role | 'admin';

/** What a request needs of a document's link: reading, commenting (issue 28) or changing it. */
export type AccessNeed = 'read' | 'comment' | 'write';

/** Whether a role allows a need: a viewer reads, a commenter also comments, an editor (or admin) does all. */
export function grants(role: AccessRole, need: AccessNeed): boolean {
  if (need === 'read') return true;
  if (need === 'comment') return role !== 'viewer';
  return role === 'editor' || role === 'admin';
}

/** Subprotocol prefix for the token on WebSockets: `Sec-WebSocket-Protocol: tandem, tandem-token.<token>`. */
export const TOKEN_SUBPROTOCOL_PREFIX = 'tandem-token.';

/** Decides what a presented token grants on one document. */
export class AccessControl {
  constructor(
    private readonly signer: TokenSigner,
    private readonly adminToken: string | undefined,
  ) {}

  isAdmin(token: string | undefined): boolean {
    return this.adminToken !== undefined && token !== undefined && secretsEqual(token, this.adminToken);
  }

  /** The role `token` has on `docId`, or null. */
  roleFor(docId: string, token: string | undefined): AccessRole | null {
    if (!token || !isValidDocId(docId)) return null;
    if (this.isAdmin(token)) return 'admin';
    const claim = this.signer.verify(token);
    return claim && claim.docId === docId ? claim.role : null;
  }

  /**
   * For the admin API: ADMIN_DISABLED when no admin token is configured, UNAUTHORIZED without a token or
   * with one that is no link at all, FORBIDDEN with a document's link.
   */
  requireAdmin(token: string | undefined): void {
    if (this.adminToken === undefined) throw new AppError('ADMIN_DISABLED');
    if (this.isAdmin(token)) return;
    throw new AppError(token && this.signer.verify(token) ? 'FORBIDDEN' : 'UNAUTHORIZED');
  }

  /** Like roleFor, but throws UNAUTHORIZED / FORBIDDEN for API routes. */
  require(docId: string, token: string | undefined, need: AccessNeed): AccessRole {
    if (!isValidDocId(docId)) throw new AppError('INVALID_DOC_ID');
    const role = this.roleFor(docId, token);
    if (role === null) throw new AppError('UNAUTHORIZED');
    if (!grants(role, need)) throw new AppError('FORBIDDEN');
    return role;
  }
}

/** `Authorization: Bearer <token>` of an API request. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/** Token of a WebSocket upgrade: `?token=` (what y-websocket's `params` sends) or the subprotocol form. */
export function socketToken(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.token;
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  const protocols = request.headers['sec-websocket-protocol'];
  if (typeof protocols === 'string') {
    for (const p of protocols.split(',')) {
      const value = p.trim();
      if (value.startsWith(TOKEN_SUBPROTOCOL_PREFIX)) return value.slice(TOKEN_SUBPROTOCOL_PREFIX.length);
    }
  }
  return bearerToken(request);
}
