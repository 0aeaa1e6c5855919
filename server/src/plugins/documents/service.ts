import type { CreatedDocument, DocumentMeta } from '@shared/api/documents';
import type { AccessRole } from '../../infra/security/access';
import type { TokenSigner } from '../../infra/security/tokens';
import type { DocumentRow, DocumentStore } from '../../infra/storage/store';
import { newDocumentId, normalizeTitle } from '../../domain/documents/document-record';
import { createdDocumentLinks } from '../../domain/documents/capability-links';

export function toMeta(row: DocumentRow, role: AccessRole): DocumentMeta {
  return {
    id: row.id,
    title: row.title,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    deletedAt: row.deletedAt === null ? null : new Date(row.deletedAt).toISOString(),
    role,
  };
}

export async function createDocument(
  store: DocumentStore,
  signer: TokenSigner,
  origin: string,
  title: string | undefined,
): Promise<CreatedDocument> {
  const row = await store.create(newDocumentId(), normalizeTitle(title), Date.now());
  return createdDocumentLinks(signer, origin, row);
}

