import type { FastifyInstance } from 'fastify';
import { removeBlobFiles } from '../../infra/media/files';
import type { BlobRow, UploadRow } from '../../infra/storage/store';
import { removeUploadElements, type UploadMatch } from './live-removal';

const toMatch = (row: UploadRow): UploadMatch => ({
  uploadId: row.id,
  storedNames: new Set(row.thumbName ? [row.storedName, row.thumbName] : [row.storedName]),
});

/**
 * Deletes upload records of one document: rows first, then the elements that show them in the shared
 * document (open or not; the registry stores and broadcasts the change), then orphaned files on disk.
 */
export async function deleteUploads(app: FastifyInstance, docId: string, rows: readonly UploadRow[]): Promise<void> {
  const orphans: BlobRow[] = [];
  for (const row of rows) {
    const { orphan } = await app.store.media.deleteUpload(row.id);
    if (orphan) orphans.push(orphan);
  }
  // A blob that another record of this document still uses keeps its URL-only elements.
  const matches: UploadMatch[] = [];
  for (const row of rows) {
    const left = await app.store.media.uploadsByStoredName(row.storedName);
    const match = toMatch(row);
    matches.push(left.some((r) => r.docId === docId) ? { ...match, storedNames: new Set<string>() } : match);
  }
  const removed = await app.collab.withDocument(docId, (doc) => removeUploadElements(doc, matches));
  for (const orphan of orphans) await removeBlobFiles(app.blobs, orphan);
  app.log.info({ docId, uploadIds: rows.map((r) => r.id), removed, orphans: orphans.length }, 'uploads deleted');
}
