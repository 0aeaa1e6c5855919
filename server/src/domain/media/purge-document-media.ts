import type { BlobStore } from '../../infra/blobs/blob-store';
import { removeBlobFiles } from '../../infra/media/files';
import type { Store } from '../../infra/storage/store';

export interface PurgeDeps {
  store: Pick<Store, 'media' | 'snapshots'>;
  blobs: Pick<BlobStore, 'delete'>;
}

/** Removes a purged document's uploads (files without other references) and snapshots. */
export async function purgeDocumentMedia(deps: PurgeDeps, docId: string): Promise<void> {
  const orphans = await deps.store.media.deleteDocumentUploads(docId);
  await deps.store.snapshots.deleteDocumentSnapshots(docId);
  for (const orphan of orphans) await removeBlobFiles(deps.blobs, orphan);
}
