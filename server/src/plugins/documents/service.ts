import type { CreatedDocument, DocumentMeta, Role, ShareLinksResponse } from '@shared/api/documents';
import { capabilityLink } from '@shared/api/links';
import type { AccessRole } from '../../infra/security/access';
import type { TokenSigner } from '../../infra/security/tokens';
import type { DocumentRow, DocumentStore } from '../../infra/storage/store';
import { newDocumentId, normalizeTitle } from '../../domain/documents/document-record';

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
  const tokens: Record<Role, string> = {
    editor: signer.sign(row.id, 'editor'),
    viewer: signer.sign(row.id, 'viewer'),
  };
  return {
    id: row.id,
    title: row.title,
    editorToken: tokens.editor,
    viewerToken: tokens.viewer,
    editorUrl: capabilityLink(origin, row.id, tokens.editor),
    viewerUrl: capabilityLink(origin, row.id, tokens.viewer),
  };
}

/** The links a holder of `role` may pass on: never one that grants more than the caller's own token. */
export function shareLinks(signer: TokenSigner, origin: string, id: string, role: AccessRole): ShareLinksResponse {
  const viewerUrl = capabilityLink(origin, id, signer.sign(id, 'viewer'));
  if (role === 'viewer') return { viewerUrl };
  return { viewerUrl, editorUrl: capabilityLink(origin, id, signer.sign(id, 'editor')) };
}
