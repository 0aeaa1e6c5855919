import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSnapshot } from '@shared/api/media';
import { AutosaveLimits } from '@shared/limits';
import { createDoc } from '../helpers/api';
import { retryUntil } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';

/** Hostile HTML just under the body cap (mostly text, so the worker needs seconds, not minutes). */
function bigBody(): string {
  const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(30);
  const chunk = `<p onclick="x()">${text}<b class="evil">bold</b> <a href="javascript:alert(1)">link</a></p>`;
  return chunk.repeat(Math.floor((AutosaveLimits.maxBodyBytes - 1024) / chunk.length));
}

describe('snapshot bodies are sanitized off the event loop', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TANDEM_SANITIZE_WORKERS: '1' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers /healthz while a 5 MB body is being sanitized, before the save itself', async () => {
    const doc = await createDoc(server.url);
    const body = bigBody();
    expect(Buffer.byteLength(body)).toBeGreaterThan(AutosaveLimits.maxBodyBytes - 64 * 1024);
    const order: string[] = [];
    const save = fetch(`${server.url}/api/documents/${doc.id}/snapshots`, {
      method: 'POST',
      headers: { authorization: `Bearer ${doc.editorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body }),
    }).then(async (res) => {
      order.push('snapshot');
      return { status: res.status, saved: (await res.json()) as SavedSnapshot };
    });
    // The body has arrived and sits with the worker (the test shares the server's event loop, so
    // seeing this at all means the loop is free).
    await retryUntil(() => expect(server.app.sanitizer.inFlight).toBe(1), 30_000, 5);
    const health = await fetch(`${server.url}/healthz`).then((res) => {
      order.push('health');
      return res.status;
    });
    expect(health).toBe(200);
    const { status, saved } = await save;
    expect(status).toBe(200);
    expect(order).toEqual(['health', 'snapshot']);
    expect(saved.created).toBe(true);
    expect(saved.bytes).toBeGreaterThan(0);
    expect(saved.bytes).toBeLessThan(Buffer.byteLength(body));
  });

  it('stores what the sanitizer in the worker returns', async () => {
    const doc = await createDoc(server.url);
    const res = await fetch(`${server.url}/api/documents/${doc.id}/snapshots`, {
      method: 'POST',
      headers: { authorization: `Bearer ${doc.editorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: '<p onclick="x()">Hi<script>alert(1)</script></p>' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as SavedSnapshot).bytes).toBe('<p>Hi</p>'.length);
    const stored = await server.app.store.snapshots.latest(doc.id);
    expect(stored?.html).toBe('<p>Hi</p>');
  });
});
