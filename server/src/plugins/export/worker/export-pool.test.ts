import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { ExportPool, ExportQueueFull, ExportTimedOut, type ExportRequest } from './export-pool';

const pools: ExportPool[] = [];
function pool(options: Partial<ConstructorParameters<typeof ExportPool>[0]> = {}, worker?: URL): ExportPool {
  const p = new ExportPool({ size: 1, maxQueued: 4, timeoutMs: 60_000, idleMs: 60_000, ...options }, worker);
  pools.push(p);
  return p;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function request(format: 'pdf' | 'docx', words: string): ExportRequest {
  const doc = new Y.Doc();
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(words)]);
  doc.getXmlFragment(YDocKeys.content).insert(0, [paragraph]);
  return { format, state: Y.encodeStateAsUpdate(doc), page: 'a4', images: {}, origin: null };
}

/** A worker whose renders never finish. */
const neverAnswers = new URL('../../../../../tests/fixtures/workers/never-answers.mjs', import.meta.url);

// A cold worker loads the document model, pdfkit and docx (seconds on a busy machine): behaviour, not time.
describe('ExportPool', { timeout: 60_000 }, () => {
  it('renders PDF and .docx in a worker thread', async () => {
    const p = pool();
    const pdf = await p.render(request('pdf', 'Grüße'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const docx = await p.render(request('docx', 'Grüße'));
    // A .docx is a zip file.
    expect(docx.subarray(0, 2).toString()).toBe('PK');
    expect(p.inFlight).toBe(0);
  });

  it('refuses an export beyond the queue cap', async () => {
    const p = pool({ maxQueued: 1 }, neverAnswers);
    const running = p.render(request('pdf', 'a'));
    const waiting = p.render(request('pdf', 'b'));
    await expect(p.render(request('pdf', 'c'))).rejects.toBeInstanceOf(ExportQueueFull);
    expect(p.inFlight).toBe(2);
    const settled = Promise.allSettled([running, waiting]);
    await p.close();
    const reasons = (await settled).map((r) => (r.status === 'rejected' ? String(r.reason) : 'fulfilled'));
    expect(reasons).toEqual(['Error: export pool is closed', 'Error: export pool is closed']);
  });

  it('stops a render that runs past its time, and the next export gets a new worker', async () => {
    const p = pool({ timeoutMs: 200 }, neverAnswers);
    // The second waits for the worker of the first: its time counts from when it gets one.
    const [first, second] = await Promise.allSettled([p.render(request('pdf', 'a')), p.render(request('pdf', 'b'))]);
    expect(first).toEqual({ status: 'rejected', reason: expect.any(ExportTimedOut) });
    expect(second).toEqual({ status: 'rejected', reason: expect.any(ExportTimedOut) });
    expect(p.inFlight).toBe(0);
  });
});
