import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoc } from '../helpers/api';
import { makeImage, upload } from '../helpers/media-fixtures';
import { startServer, type TestServer } from '../helpers/start-server';

const ALLOWED = 'https://cms.example.com';

let server: TestServer;
let sameOrigin: TestServer;

beforeAll(async () => {
  server = await startServer({ TANDEM_CORS_ORIGINS: `${ALLOWED}, http://localhost:5173` });
  sameOrigin = await startServer();
});
afterAll(async () => {
  await server.close();
  await sameOrigin.close();
});

const preflight = (base: string, origin: string, headers = 'access-control-allow-origin, authorization') =>
  fetch(`${base}/api/documents/abc/images`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': headers,
    },
  });

describe('CORS', () => {
  it("allows the baseline editor's preflight from a configured origin", async () => {
    const res = await preflight(server.url, ALLOWED);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const allowedHeaders = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of ['access-control-allow-origin', 'authorization', 'content-type', 'x-requested-with']) {
      expect(allowedHeaders).toContain(h);
    }
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets the allowed origin upload with its bearer token and read X-Total-Count', async () => {
    const doc = await createDoc(server.url);
    const res = await upload(server.url, doc.id, 'images', {
      token: doc.editorToken,
      bytes: await makeImage('png'),
      headers: { origin: ALLOWED, 'access-control-allow-origin': '*' },
    });
    expect(res.status).toBe(201);
    const list = await fetch(`${server.url}/api/documents/${doc.id}`, {
      headers: { origin: ALLOWED, authorization: `Bearer ${doc.editorToken}` },
    });
    expect(list.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect((list.headers.get('access-control-expose-headers') ?? '').toLowerCase()).toContain('x-total-count');
  });

  it('gives no CORS grant to other origins', async () => {
    for (const origin of ['https://evil.example.com', 'https://cms.example.com.evil.com', 'null']) {
      const res = await preflight(server.url, origin);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      const get = await fetch(`${server.url}/api/config`, { headers: { origin } });
      expect(get.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });

  it('grants nothing cross-origin when TANDEM_CORS_ORIGINS is empty', async () => {
    const res = await preflight(sameOrigin.url, ALLOWED);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const get = await fetch(`${sameOrigin.url}/api/config`, { headers: { origin: ALLOWED } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });
});
