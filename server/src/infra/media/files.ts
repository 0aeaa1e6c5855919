import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { UPLOADS_PATH } from '@shared/api/media';
import type { ServerConfig } from '../../config';
import type { BlobStore } from '../blobs/blob-store';
import { publicOrigin } from '../public-origin';
import type { BlobRow } from '../storage/store';

/** Directory of the local driver's stored uploads (flat, generated names only). */
export function uploadsDir(config: Pick<ServerConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads');
}

/** The staging directory of every instance on this data directory (each one has its own below it). */
export function uploadsTmpRoot(config: Pick<ServerConfig, 'dataDir'>): string {
  return path.join(uploadsDir(config), 'tmp');
}

/** Who stages uploads: a data directory and the instance (`app.instanceId`) among those sharing it. */
export interface Staging {
  readonly config: Pick<ServerConfig, 'dataDir'>;
  readonly instanceId: string;
}

/**
 * Directory of this instance's in-flight uploads, whatever the blob storage; never served. Per instance:
 * instances sharing a data directory (or a volume) never touch each other's files.
 */
export function uploadsTmpDir(staging: Staging): string {
  return path.join(uploadsTmpRoot(staging.config), staging.instanceId);
}

/** Absolute URL of a stored file: TANDEM_PUBLIC_URL, else the request's own origin. */
export function absoluteUploadUrl(
  request: FastifyRequest,
  config: Pick<ServerConfig, 'publicUrl'>,
  storedName: string,
): string {
  return `${publicOrigin(request, config.publicUrl)}${UPLOADS_PATH}${storedName}`;
}

/** Removes a blob's stored file and thumbnail (after its row is gone); missing ones are fine. */
export async function removeBlobFiles(
  blobs: Pick<BlobStore, 'delete'>,
  blob: Pick<BlobRow, 'storedName' | 'thumbName'>,
): Promise<void> {
  await blobs.delete(blob.storedName);
  if (blob.thumbName) await blobs.delete(blob.thumbName);
}
