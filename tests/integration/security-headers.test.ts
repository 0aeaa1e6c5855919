import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VideoLimits } from '@shared/limits';
import { createDoc } from '../helpers/api';
import { makeImage, makePdf, upload } from '../helpers/media-fixtures';
import { startServer, type TestServer } from '../helpers/start-server';

/** A stand-in for the built client: index.html and one hashed asset. */
function fakeClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'export {};\n');
  return dir;
}

function directive(csp: string | null, name: string): string | undefined {
  return csp
    ?.split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));
}

let clientDir: string;
let server: TestServer;
let framed: TestServer;

beforeAll(async () => {
  clientDir = fakeClient();
  server = await startServer({ TANDEM_CLIENT_DIR: clientDir });
  framed = await startServer({ TANDEM_CLIENT_DIR: clientDir, TANDEM_FRAME_ANCESTORS: 'self, https://cms.example.com' });
});
afterAll(async () => {
  await server.close();
  await framed.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('gives app pages the strict policy, no referrer, nosniff and no framing', async () => {
    for (const page of ['/', '/d/some-doc', '/d/some-doc?x=1']) {
      const res = await fetch(`${server.url}${page}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = res.headers.get('content-security-policy');
      expect(directive(csp, 'script-src')).toBe("script-src 'self'");
      expect(directive(csp, 'object-src')).toBe("object-src 'none'");
      expect(directive(csp, 'base-uri')).toBe("base-uri 'none'");
      expect(directive(csp, 'form-action')).toBe("form-action 'self'");
      expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive(csp, 'frame-src')).toBe(
        `frame-src 'self' ${VideoLimits.embedHosts.map((h) => `https://${h}`).join(' ')}`,
      );
      const host = new URL(server.url).host;
      expect(directive(csp, 'connect-src')).toBe(`connect-src 'self' ws://${host} wss://${host}`);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('takes frame-ancestors from TANDEM_FRAME_ANCESTORS', async () => {
    const res = await fetch(`${framed.url}/d/x`);
    const csp = res.headers.get('content-security-policy');
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self' https://cms.example.com");
    expect(res.headers.has('x-frame-options')).toBe(false);
  });

  it('sends nosniff, no-referrer and a deny-all policy with API answers, assets and errors', async () => {
    const doc = await createDoc(server.url);
    const answers = [
      await fetch(`${server.url}/api/config`),
      await fetch(`${server.url}/api/documents/${doc.id}`, { headers: { authorization: `Bearer ${doc.viewerToken}` } }),
      await fetch(`${server.url}/api/documents/${doc.id}`),
      await fetch(`${server.url}/api/nothing-here`),
      await fetch(`${server.url}/assets/app.js`),
      await fetch(`${server.url}/healthz`),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 404, 200, 200]);
    for (const res of answers) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('leaves the own policies of served uploads alone (the PDF preview may still be framed by us)', async () => {
    const doc = await createDoc(server.url);
    const image = await upload(server.url, doc.id, 'images', { token: doc.editorToken, bytes: await makeImage('png') });
    const pdf = await upload(server.url, doc.id, 'files', { token: doc.editorToken, bytes: makePdf('csp') });
    const served = await fetch(String(image.body.link));
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('referrer-policy')).toBe('no-referrer');
    const preview = await fetch(`${String(pdf.body.link)}?inline=1`);
    expect(directive(preview.headers.get('content-security-policy'), 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(preview.headers.get('x-content-type-options')).toBe('nosniff');
    expect(preview.headers.has('x-frame-options')).toBe(false);
  });
});
