import type { Role } from '@shared/api/documents';

/** What a token's letter says it grants; `unknown` for anything else. */
export type TokenRole = Role | 'unknown';

/** The role a capability token names (`v1.<id>.<e|c|v>.<sig>`); the server still checks it. */
export function roleOfToken(token: string): TokenRole {
  const role = token.split('.')[2];
  return role === 'e' ? 'editor' : role === 'c' ? 'commenter' : role === 'v' ? 'viewer' : 'unknown';
}

const STRENGTH: Readonly<Record<TokenRole, number>> = { unknown: -1, viewer: 0, commenter: 1, editor: 2 };

/** How much a role grants, to keep the stronger of two links to one document. */
export const roleStrength = (role: TokenRole): number => STRENGTH[role];
