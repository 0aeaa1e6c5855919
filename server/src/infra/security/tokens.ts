import { createHmac, timingSafeEqual } from 'node:crypto';
import { isValidDocId, type Role } from '@shared/api/documents';

/**
 * Capability tokens: `v1.<docId>.<e|v>.<signature>`, the signature an HMAC-SHA256 over id and role.
 * They never expire; rotating the secret revokes every link.
 */
export class TokenSigner {
  constructor(private readonly secret: string) {}

  sign(docId: string, role: Role): string {
    const r = role === 'editor' ? 'e' : 'v';
    return `v1.${docId}.${r}.${this.signature(docId, r)}`;
  }

  /** Returns what the token grants, or null when it is malformed or not ours. */
  verify(token: string): { docId: string; role: Role } | null {
    if (token.length > 256) return null;
    const parts = token.split('.');
    if (parts.length !== 4 || parts[0] !== 'v1') return null;
    const [, docId, r, sig] = parts as [string, string, string, string];
    if (!isValidDocId(docId) || (r !== 'e' && r !== 'v')) return null;
    const expected = Buffer.from(this.signature(docId, r));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { docId, role: r === 'e' ? 'editor' : 'viewer' };
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
