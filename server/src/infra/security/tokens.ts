import { createHmac, timingSafeEqual } from 'node:crypto';
import { isValidDocId, type Role } from '@shared/api/documents';

/** The letter of each kind of token: the document roles, and `l` for a "My documents" list. */
type Kind = 'e' | 'c' | 'v' | 'l';
const KIND_OF: Readonly<Record<Role, Exclude<Kind, 'l'>>> = { editor: 'e', commenter: 'c', viewer: 'v' };
const ROLE_OF: Readonly<Record<Exclude<Kind, 'l'>, Role>> = { e: 'editor', c: 'commenter', v: 'viewer' };
const isKind = (kind: string): kind is Kind => kind === 'e' || kind === 'c' || kind === 'v' || kind === 'l';

/**
 * Capability tokens: `v1.<docId>.<e|c|v>.<signature>` (editor, commenter, viewer), the signature an HMAC-SHA256 over id and role;
 * a "My documents" list has its own kind, `v1.<listId>.l.<signature>`, which no document check accepts.
 * They never expire; rotating the secret revokes every link.
 */
export class TokenSigner {
  constructor(private readonly secret: string) {}

  sign(docId: string, role: Role): string {
    const r = KIND_OF[role];
    return `v1.${docId}.${r}.${this.signature(docId, r)}`;
  }

  /** Returns what the token grants, or null when it is malformed or not ours. */
  verify(token: string): { docId: string; role: Role } | null {
    const claim = this.check(token);
    if (!claim || claim.kind === 'l') return null;
    return { docId: claim.id, role: ROLE_OF[claim.kind] };
  }

  /** The token of a "My documents" list. */
  signList(listId: string): string {
    return `v1.${listId}.l.${this.signature(listId, 'l')}`;
  }

  /** The list a list token opens, or null (document tokens included). */
  verifyList(token: string): { listId: string } | null {
    const claim = this.check(token);
    return claim && claim.kind === 'l' ? { listId: claim.id } : null;
  }

  private check(token: string): { id: string; kind: Kind } | null {
    if (token.length > 256) return null;
    const parts = token.split('.');
    if (parts.length !== 4 || parts[0] !== 'v1') return null;
    const [, id, kind, sig] = parts as [string, string, string, string];
    if (!isValidDocId(id) || !isKind(kind)) return null;
    const expected = Buffer.from(this.signature(id, kind));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { id, kind };
  }

  private signature(docId: string, r: string): string {
    return createHmac('sha256', this.secret).update(`tandem:${docId}:${r}`).digest('base64url');
  }
}

/** Constant-time comparison of two secrets of any length. */
export function secretsEqual(a: string, b: string): boolean {
  const ha = createHmac('sha256', 'cmp').update(a).digest();
  const hb = createHmac('sha256', 'cmp').update(b).digest();
  return timingSafeEqual(ha, hb);
}
