import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { seededRandom } from '@shared/document/testing/random-document';
import { createDoc } from '../helpers/api';
import {
  blockText,
  connectClient,
  contentOf,
  documentText,
  paragraph,
  paragraphText,
  textOf,
  typeText,
  waitSynced,
  type Client,
} from '../helpers/collab-client';
import { retryUntil, sleep } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';

/** Valid values of the `textAlign` attribute of paragraphs the fuzz sets (null removes it). */
const ALIGNMENTS = ['center', 'right', null] as const;

/** One random edit of the content: text inserts and deletes, paragraph inserts and deletes, attributes. */
function randomEdit(doc: Y.Doc, rnd: () => number, tag: string): void {
  const content = contentOf(doc);
  const blocks = content.toArray().filter((b): b is Y.XmlElement => b instanceof Y.XmlElement);
  const index = Math.floor(rnd() * blocks.length);
  const block = blocks[index];
  const r = rnd();
  doc.transact(() => {
    if (!block || (r >= 0.7 && r < 0.8) || (r >= 0.8 && r < 0.85 && blocks.length < 2)) {
      content.insert(Math.floor(rnd() * (content.length + 1)), [paragraph(tag)]);
    } else if (r < 0.7) {
      const text = textOf(block);
      if (r < 0.5 || text.length === 0) text.insert(Math.floor(rnd() * (text.length + 1)), tag);
      else {
        const at = Math.floor(rnd() * text.length);
        text.delete(at, Math.min(1 + Math.floor(rnd() * 3), text.length - at));
      }
    } else if (r < 0.85) content.delete(index, 1);
    else {
      const align = ALIGNMENTS[Math.floor(rnd() * ALIGNMENTS.length)] ?? null;
      if (align === null) block.removeAttribute('textAlign');
      else block.setAttribute('textAlign', align);
    }
  });
}

const snapshotOf = (doc: Y.Doc): string =>
  JSON.stringify({
    xml: contentOf(doc).toJSON(),
    // Attribute order depends on arrival order; the content must not.
    blocks: contentOf(doc)
      .toArray()
      .map((b) =>
        b instanceof Y.XmlElement
          ? [b.nodeName, blockText(b), Object.entries(b.getAttributes()).sort(([x], [y]) => x.localeCompare(y))]
          : String(b),
      ),
  });

describe('collaboration sync', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('converges 10 clients making seeded random concurrent edits', async () => {
    const seed = Number(process.env.TANDEM_TEST_SEED ?? 20261123);
    // Deterministic, so a failing run can be replayed from its seed.
    const rnd = seededRandom(seed);
    const created = await createDoc(server.url);
    const clients: Client[] = Array.from({ length: 10 }, () =>
      connectClient(server.collabUrl, created.id, created.editorToken),
    );
    await Promise.all(clients.map((c) => waitSynced(c)));
    for (let round = 0; round < 30; round++) {
      for (const [i, c] of clients.entries()) {
        if (rnd() < 0.7) randomEdit(c.doc, rnd, `${i}.${round};`);
      }
      if (round % 5 === 0) await sleep(5);
    }
    const reference = await retryUntil(() => {
      const snaps = clients.map((c) => snapshotOf(c.doc));
      expect(new Set(snaps).size, `seed ${seed}`).toBe(1);
      return snaps[0];
    }, 10_000);
    // A fresh client loads exactly the same state from the server.
    const late = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(late);
    await retryUntil(() => expect(snapshotOf(late.doc)).toBe(reference));
    for (const c of [...clients, late]) c.destroy();
  });

  it('merges the edits of a client that was offline for a while', async () => {
    const created = await createDoc(server.url);
    const a = connectClient(server.collabUrl, created.id, created.editorToken);
    const b = connectClient(server.collabUrl, created.id, created.editorToken);
    await Promise.all([waitSynced(a), waitSynced(b)]);
    typeText(a.doc, 0, 'base ');
    await retryUntil(() => expect(documentText(b.doc)).toBe('base '));
    b.provider.disconnect();
    for (let i = 0; i < 20; i++) {
      typeText(a.doc, paragraphText(a.doc, 0).length, `a${i} `);
      typeText(b.doc, 0, `b${i} `);
    }
    await sleep(100);
    expect(documentText(a.doc)).not.toContain('b0 ');
    b.provider.connect();
    await retryUntil(() => {
      const ta = documentText(a.doc);
      expect(ta).toBe(documentText(b.doc));
      expect(contentOf(a.doc).toJSON()).toBe(contentOf(b.doc).toJSON());
      expect(ta).toContain('b19 ');
      expect(ta).toContain('a19 ');
    });
    a.destroy();
    b.destroy();
  });

  it('keeps the content after every client left and the document was unloaded', async () => {
    const created = await createDoc(server.url, 'Persisted');
    const a = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(a);
    typeText(a.doc, 0, 'stays');
    await retryUntil(async () => expect(await server.app.collab.withDocument(created.id, documentText)).toBe('stays'));
    a.destroy();
    await retryUntil(() => expect(server.app.collab.isOpen(created.id)).toBe(false));
    const b = connectClient(server.collabUrl, created.id, created.editorToken);
    await waitSynced(b);
    await retryUntil(() => expect(documentText(b.doc)).toBe('stays'));
    expect(b.doc.getMap('meta').get('title')).toBe('Persisted');
    b.destroy();
  });

  it('sends presence (awareness) of each client to the others', async () => {
    const created = await createDoc(server.url);
    const a = connectClient(server.collabUrl, created.id, created.editorToken);
    const b = connectClient(server.collabUrl, created.id, created.editorToken);
    await Promise.all([waitSynced(a), waitSynced(b)]);
    a.provider.awareness.setLocalStateField('user', { name: 'Ada', color: '#ff0000' });
    await retryUntil(() => {
      const state = b.provider.awareness.getStates().get(a.doc.clientID) as { user?: { name: string } } | undefined;
      expect(state?.user?.name).toBe('Ada');
    });
    a.destroy();
    await retryUntil(() => expect(b.provider.awareness.getStates().has(a.doc.clientID)).toBe(false));
    b.destroy();
  });
});
