import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createRequire } from 'node:module';

// s3rver ships no types: the little the tests use.
interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: { port: number; address: string; silent: boolean; directory: string }) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver's fixed credentials (it checks signatures with them). */
export const S3_KEY = 'S3RVER';

/** A real S3-compatible server (s3rver) on a free port, with its data in a temporary directory. */
export interface TestS3 {
  endpoint: string;
  /** A new empty bucket. */
  createBucket(): Promise<string>;
  /** The TANDEM_S3_* variables that point a server at `bucket`. */
  env(bucket: string): Record<string, string>;
  /** Keys of the objects in `bucket`, sorted. */
  keys(bucket: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_KEY, secretAccessKey: S3_KEY },
  });
  return {
    endpoint,
    async createBucket() {
      const bucket = `t-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    env(bucket) {
      return {
        TANDEM_S3_ENDPOINT: endpoint,
        TANDEM_S3_BUCKET: bucket,
        TANDEM_S3_REGION: 'us-east-1',
        TANDEM_S3_ACCESS_KEY_ID: S3_KEY,
        TANDEM_S3_SECRET_ACCESS_KEY: S3_KEY,
        TANDEM_S3_FORCE_PATH_STYLE: 'on',
      };
    },
    async keys(bucket) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const out = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const o of out.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
