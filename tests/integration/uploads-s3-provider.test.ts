import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoc } from '../helpers/api';
import { makeImage, makePdf, storedState, upload } from '../helpers/media-fixtures';
import { startS3, type TestS3 } from '../helpers/s3-server';
import { startServer, type TestServer } from '../helpers/start-server';

// The provider errors of FROALA-REFERENCE §42 on S3-compatible storage: typed codes for the client, the
// provider's own words only in the server's log.
let s3: TestS3;
const servers: TestServer[] = [];

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await s3?.close();
});

async function serverOn(env: Record<string, string>): Promise<TestServer> {
  const server = await startServer(env);
  servers.push(server);
  return server;
}

const providerLines = (server: TestServer): string =>
  server.logs.filter((l) => l.includes('blob storage failed')).join('\n');

describe('S3 provider errors', () => {
  it('refused credentials answer PROVIDER_KEY_MISSING and store nothing', async () => {
    const bucket = await s3.createBucket();
    const server = await serverOn({ ...s3.env(bucket), TANDEM_S3_ACCESS_KEY_ID: 'NOT-A-KEY' });
    const doc = await createDoc(server.url, 'Keys');
    const before = await storedState({ dataDir: server.dataDir, storedNames: () => s3.keys(bucket), app: server.app });
    for (const [kind, bytes] of [
      ['images', await makeImage('png', { seed: 91 })],
      ['files', makePdf('keys')],
    ] as const) {
      const res = await upload(server.url, doc.id, kind, { token: doc.editorToken, bytes });
      expect(res.status, kind).toBe(500);
      expect(res.body, kind).toEqual({ code: 'PROVIDER_KEY_MISSING', message: 'The upload provider key is missing.' });
    }
    expect(await storedState({ dataDir: server.dataDir, storedNames: () => s3.keys(bucket), app: server.app })).toEqual(
      before,
    );
    const logged = providerLines(server);
    expect(logged).toContain('InvalidAccessKeyId');
    expect(logged).not.toContain('S3RVER');
  });

  it('an unreachable store answers PROVIDER_PROCESSING_FAILED for uploads and served files', async () => {
    const bucket = await s3.createBucket();
    const server = await serverOn(s3.env(bucket));
    const doc = await createDoc(server.url, 'Down');
    const ok = await upload(server.url, doc.id, 'files', { token: doc.editorToken, bytes: makePdf('kept') });
    expect(ok.status).toBe(201);
    const link = String(ok.body.link);
    expect((await fetch(link, { headers: { range: 'bytes=0-3' } })).status).toBe(206);

    const down = await serverOn({ ...s3.env(bucket), TANDEM_S3_ENDPOINT: 'http://127.0.0.1:9' });
    const downDoc = await createDoc(down.url, 'Down');
    const refused = await upload(down.url, downDoc.id, 'images', {
      token: downDoc.editorToken,
      bytes: await makeImage('png', { seed: 92 }),
    });
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({
      code: 'PROVIDER_PROCESSING_FAILED',
      message: 'Upload failed while processing the request.',
    });
    expect(JSON.stringify(refused.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
    expect(providerLines(down)).toMatch(/ECONNREFUSED|connect/);
  });

  it('a missing bucket is PROVIDER_PROCESSING_FAILED', async () => {
    const server = await serverOn(s3.env('no-such-bucket'));
    const doc = await createDoc(server.url, 'Bucket');
    const res = await upload(server.url, doc.id, 'files', { token: doc.editorToken, bytes: makePdf('nowhere') });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PROVIDER_PROCESSING_FAILED');
    expect(providerLines(server)).toContain('NoSuchBucket');
  });
});
