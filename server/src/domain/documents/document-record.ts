import { randomBytes } from 'node:crypto';
import { DocumentLimits } from '@shared/limits';
import { AppError } from '../../infra/errors/app-error';
import type { DocumentRow, DocumentStore } from '../../infra/storage/store';

/** How long a trashed document stays restorable before it is purged. */
export const TRASH_RETENTION_MS = DocumentLimits.trashRetentionDays * 24 * 60 * 60 * 1000;

export function newDocumentId(): string {
  return randomBytes(DocumentLimits.generatedIdBytes).toString('base64url');
}

/** Titles are single-line, trimmed and capped. */
export function normalizeTitle(title: string | undefined): string {
  return (title ?? '')
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()
    .slice(0, DocumentLimits.maxTitleChars);
}

/** Loads a live document or throws DOC_NOT_FOUND / DOC_DELETED. */
export async function requireLiveDocument(store: DocumentStore, id: string): Promise<DocumentRow> {
  const row = await store.get(id);
  if (!row) throw new AppError('DOC_NOT_FOUND');
  if (row.deletedAt !== null) throw new AppError('DOC_DELETED', { deletedAt: new Date(row.deletedAt).toISOString() });
  return row;
}
