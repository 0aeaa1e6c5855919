import type { ServerConfig } from '../../config';
import { uploadsDir } from '../media/files';
import type { BlobStore } from './blob-store';
import { createLocalBlobStore } from './local';
import type { BlobLog } from './s3';

/**
 * The configured blob storage: the local upload folder, or the S3-compatible bucket of TANDEM_S3_*. The S3
 * client (the AWS SDK, ~19 MiB) is loaded only when a bucket is configured.
 */
export async function createBlobStore(
  config: Pick<ServerConfig, 'dataDir' | 'blobs'>,
  log: BlobLog,
): Promise<BlobStore> {
  if (config.blobs.kind !== 's3') return createLocalBlobStore(uploadsDir(config));
  const { createS3BlobStore } = await import('./s3');
  return createS3BlobStore(config.blobs.s3, log);
}
