import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CloseCode } from '@shared/collab/close-codes';
import { createDoc } from '../helpers/api';
import {
  changeOf,
  connectClient,
  contentOf,
  rawSocket,
  typeText,
  updateMessage,
  waitSynced,
} from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { ADMIN_TOKEN, startServer, type TestServer } from '../helpers/start-server';

/**
 * Operators' figures (issue 27 point 5): `GET /metrics` with the admin token only; the token-free listener
 * on TANDEM_METRICS_PORT; documents, connections, stored updates and bytes, commit latency, refused
 * connections by close code, upload bytes and HTTP statuses move with what a real client does.
 */

/** The value of one sample line (`name{labels} value`), or 0 when the series has none yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('metrics', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ TANDEM_METRICS_PORT: '0' });
  });
  afterAll(async () => {
    await server.close();
  });

  const scrape = async (): Promise<string> => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('answers only with the admin token on the main port', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const doc = await createDoc(server.url);
    const withLink = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${doc.editorToken}` } });
    expect(withLink.status).toBe(403);
    const text = await scrape();
    expect(text).toContain('# TYPE tandem_commit_seconds histogram');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('answers without a token on its own loopback listener', async () => {
    const address = server.app.metrics.address();
    expect(address?.address).toBe('127.0.0.1');
    const res = await fetch(`http://127.0.0.1:${String(address?.port)}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('tandem_documents_loaded');
    expect((await fetch(`http://127.0.0.1:${String(address?.port)}/other`)).status).toBe(404);
  });

  it('counts documents, connections, stored updates, commits and HTTP responses', async () => {
    const before = await scrape();
    const doc = await createDoc(server.url);
    const a = connectClient(server.collabUrl, doc.id, doc.editorToken);
    await waitSynced(a);
    await retryUntil(() => expect(contentOf(a.doc).length).toBeGreaterThan(0));
    typeText(a.doc, 0, 'counted');
    await retryUntil(async () => {
      const text = await scrape();
      expect(sample(text, 'tandem_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'tandem_documents_loaded')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'tandem_updates_total')).toBeGreaterThan(sample(before, 'tandem_updates_total'));
      expect(sample(text, 'tandem_update_bytes_total')).toBeGreaterThan(sample(before, 'tandem_update_bytes_total'));
      expect(sample(text, 'tandem_commit_seconds_count')).toBeGreaterThan(
        sample(before, 'tandem_commit_seconds_count'),
      );
      expect(sample(text, 'tandem_http_responses_total{status="201"}')).toBeGreaterThan(
        sample(before, 'tandem_http_responses_total{status="201"}'),
      );
    });
    a.destroy();
  });

  it('counts a hostile update refused with 4415 by its close code', async () => {
    const doc = await createDoc(server.url);
    const series = `tandem_refused_connections_total{code="${String(CloseCode.INVALID_UPDATE.code)}"}`;
    const before = sample(await scrape(), series);
    const { ws, closed } = await rawSocket(`${server.collabUrl}/${doc.id}?token=${doc.editorToken}`);
    const hostile = changeOf(new Y.Doc(), (d) => d.getXmlFragment('default').insert(0, [new Y.XmlElement('script')]));
    ws.send(updateMessage(hostile));
    expect((await closed).code).toBe(CloseCode.INVALID_UPDATE.code);
    await retryUntil(async () => expect(sample(await scrape(), series)).toBe(before + 1));
  });

  it('counts the bytes of accepted uploads', async () => {
    const doc = await createDoc(server.url);
    const before = sample(await scrape(), 'tandem_upload_bytes_total');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'note.pdf');
    const res = await fetch(`${server.url}/api/documents/${doc.id}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${doc.editorToken}` },
      body: form,
    });
    expect(res.status).toBeLessThan(300);
    // The request's bytes: the file and the multipart framing around it.
    expect(sample(await scrape(), 'tandem_upload_bytes_total')).toBeGreaterThan(before + pdf.length);
  });
});
