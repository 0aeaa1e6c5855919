import { randomBytes } from 'node:crypto';
import type { Role } from '@shared/api/documents';
import type { ListItem, ListItemPresence } from '@shared/api/lists';
import { ListLimits } from '@shared/limits';
import { AppError } from '../../infra/errors/app-error';
import type { TokenSigner } from '../../infra/security/tokens';
import type { DocumentRow, ListItemRow, Store } from '../../infra/storage/store';

export function newListId(): string {
  return randomBytes(ListLimits.generatedIdBytes).toString('base64url');
}

/**
 * The bearer must be this list's own token. No token, a wrong one, a document's or another list's all get the
 * same LIST_UNAUTHORIZED before the store is asked, so the answer never tells whether a list exists.
 */
export function requireListToken(signer: TokenSigner, listId: string, token: string | undefined): void {
  const claim = token === undefined ? null : signer.verifyList(token);
  if (!claim || claim.listId !== listId) throw new AppError('LIST_UNAUTHORIZED');
}

/** The role a document link token grants on `docId`; LIST_ITEM_INVALID for anything else (admin token too). */
export function itemRole(signer: TokenSigner, docId: string, token: string): Role {
  const claim = signer.verify(token);
  if (!claim || claim.docId !== docId) throw new AppError('LIST_ITEM_INVALID');
  return claim.role;
}

/** How much each role grants: a list keeps the stronger of two links to one document. */
const STRENGTH: Readonly<Record<Role, number>> = { viewer: 0, commenter: 1, editor: 2 };

/** A token already on the list stays when a weaker one of the same document comes (another device's). */
export function tokenToKeep(signer: TokenSigner, existing: string | undefined, incoming: string): string {
  if (existing === undefined) return incoming;
  const kept = signer.verify(existing)?.role;
  const coming = signer.verify(incoming)?.role;
  return kept && coming && STRENGTH[kept] > STRENGTH[coming] ? existing : incoming;
}

export function toListItem(item: ListItemRow, row: DocumentRow, role: Role, present: ListItemPresence): ListItem {
  return {
    id: row.id,
    token: item.token,
    role,
    title: row.title,
    updatedAt: new Date(row.updatedAt).toISOString(),
    deleted: row.deletedAt !== null,
    present,
    addedAt: new Date(item.addedAt).toISOString(),
  };
}

/**
 * The list's documents as its owner may see them: tokens are checked again (a new secret revokes them), and
 * documents that are gone for good are left out.
 */
export async function describeList(
  store: Store,
  signer: TokenSigner,
  presenceOf: (docId: string) => ListItemPresence,
  listId: string,
): Promise<ListItem[]> {
  const items = await store.lists.items(listId);
  const roles = new Map<string, Role>();
  for (const item of items) {
    const claim = signer.verify(item.token);
    if (claim && claim.docId === item.docId) roles.set(item.docId, claim.role);
  }
  const rows = new Map((await store.documents.getMany([...roles.keys()])).map((r) => [r.id, r]));
  const out: ListItem[] = [];
  for (const item of items) {
    const role = roles.get(item.docId);
    const row = rows.get(item.docId);
    if (role && row) out.push(toListItem(item, row, role, presenceOf(item.docId)));
  }
  return out;
}
