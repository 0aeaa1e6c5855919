// Setup file of the integration-s3 project: the test file's servers keep their blobs in a real
// S3-compatible server (s3rver) that lives as long as the file's tests.
import { afterAll, beforeAll } from 'vitest';
import { startS3, type TestS3 } from './s3-server';
import { useTestS3 } from './start-server';

let s3: TestS3 | undefined;

beforeAll(async () => {
  s3 = await startS3();
  useTestS3(s3);
});

afterAll(async () => {
  useTestS3(undefined);
  await s3?.close();
});
