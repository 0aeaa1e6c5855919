import type { ServerConfig } from '../../config';
import { uploadsDir } from '../media/files';
import type { BlobStore } from './blob-store';
import { createLocalBlobStore } from './local';
import { createS3BlobStore, type BlobLog } from './s3';

/** The configured blob storage: the local upload folder, or the S3-compatible bucket of TANDEM_S3_*. */
export function createBlobStore(config: Pick<ServerConfig, 'dataDir' | 'blobs'>, log: BlobLog): BlobStore {
  return config.blobs.kind === 's3'
    ? createS3BlobStore(config.blobs.s3, log)
    : createLocalBlobStore(uploadsDir(config));
}
