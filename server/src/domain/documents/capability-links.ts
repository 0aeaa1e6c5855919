import type { CreatedDocument, Role, ShareLinksResponse } from '@shared/api/documents';
import { capabilityLink } from '@shared/api/links';
import type { AccessRole } from '../../infra/security/access';
import type { TokenSigner } from '../../infra/security/tokens';

/** The three capability links of a new (or newly imported) document, with their tokens. */
export function createdDocumentLinks(
  signer: TokenSigner,
  origin: string,
  row: { id: string; title: string },
): CreatedDocument {
  const token = (role: Role) => signer.sign(row.id, role);
  const tokens = { editor: token('editor'), commenter: token('commenter'), viewer: token('viewer') };
  return {
    id: row.id,
    title: row.title,
    editorToken: tokens.editor,
    commenterToken: tokens.commenter,
    viewerToken: tokens.viewer,
    editorUrl: capabilityLink(origin, row.id, tokens.editor),
    commenterUrl: capabilityLink(origin, row.id, tokens.commenter),
    viewerUrl: capabilityLink(origin, row.id, tokens.viewer),
  };
}

/** The links a holder of `role` may pass on: never one that grants more than the caller's own token. */
export function shareLinks(signer: TokenSigner, origin: string, id: string, role: AccessRole): ShareLinksResponse {
  const link = (granted: Role) => capabilityLink(origin, id, signer.sign(id, granted));
  const viewerUrl = link('viewer');
  if (role === 'viewer') return { viewerUrl };
  if (role === 'commenter') return { viewerUrl, commenterUrl: link('commenter') };
  return { viewerUrl, commenterUrl: link('commenter'), editorUrl: link('editor') };
}
