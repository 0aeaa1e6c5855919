import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { CreatedDocument } from '@shared/api/documents';
import type { VersionDetail, VersionListItem } from '@shared/api/versions';
import { defaultEditorOptions } from '@shared/editor-options';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { restoreVersion } from '@shared/document/yjs/restore-version';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { api, createDoc } from '../helpers/api';
import {
  appendParagraph,
  connectClient,
  contentOf,
  documentText,
  textOf,
  typeText,
  waitSynced,
  type Client,
} from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';

const { schema } = createDocumentModel(defaultEditorOptions);

let server: TestServer;
let clients: Client[] = [];

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  for (const c of clients) c.destroy();
  clients = [];
});

async function connect(doc: CreatedDocument): Promise<Client> {
  const client = connectClient(server.collabUrl, doc.id, doc.editorToken);
  clients.push(client);
  await waitSynced(client);
  return client;
}

function paragraphAt(client: Client, index: number): Y.XmlText {
  const block = contentOf(client.doc).get(index);
  if (!(block instanceof Y.XmlElement)) throw new Error(`no block ${String(index)}`);
  return textOf(block);
}

/** Every client shows `lines` (and so do they all alike). */
async function converged(all: Client[], lines: string[]): Promise<void> {
  await retryUntil(() => {
    for (const c of all) expect(documentText(c.doc).split('\n')).toEqual(lines);
  }, 10_000);
}

describe('restoring a version while others edit', () => {
  it('converges on the restored text plus the edits the others made meanwhile', async () => {
    const doc = await createDoc(server.url, 'Restore me');
    const [a, b, c] = [await connect(doc), await connect(doc), await connect(doc)];

    typeText(a.doc, 0, 'intro');
    for (const text of ['alpha', 'beta', 'gamma']) appendParagraph(a.doc, text);
    await converged([a, b, c], ['intro', 'alpha', 'beta', 'gamma']);

    // The server records the version from its own copy, which the third client's view proves complete.
    const created = await api(server.url, 'POST', `/api/documents/${doc.id}/versions`, {
      token: doc.editorToken,
      body: { name: 'Before the edits' },
    });
    expect(created.status).toBe(201);
    const versionId = (created.body as unknown as VersionListItem).id;

    // Later edits: the second paragraph reworded, the last one deleted, the title changed.
    a.doc.transact(() => {
      const alpha = paragraphAt(a, 1);
      alpha.insert(alpha.length, ' reworded');
      contentOf(a.doc).delete(3, 1);
      a.doc.getMap(YDocKeys.meta).set(YDocKeys.titleKey, 'Renamed');
    });
    await converged([a, b, c], ['intro', 'alpha reworded', 'beta']);

    // The restoring client reads the version from the real server's route.
    const detail = await api(server.url, 'GET', `/api/documents/${doc.id}/versions/${versionId}`, {
      token: doc.viewerToken,
    });
    expect(detail.status).toBe(200);
    const version = detail.body as unknown as VersionDetail;
    const node = schema.nodeFromJSON(version.doc);

    // In one tick, so none of the three has seen the others' change: two keep typing, one restores.
    const beta = paragraphAt(a, 2);
    beta.insert(beta.length, ' typed by A');
    paragraphAt(b, 0).insert(0, 'B: ');
    restoreVersion(c.doc, node, version.title, 'restore');

    await converged([a, b, c], ['B: intro', 'alpha', 'beta typed by A', 'gamma']);
    for (const client of [a, b, c]) {
      expect(client.doc.getMap(YDocKeys.meta).get(YDocKeys.titleKey)).toBe('Restore me');
    }

    // And both keep editing on top of the restored text.
    appendParagraph(b.doc, 'after the restore');
    await converged([a, b, c], ['B: intro', 'alpha', 'beta typed by A', 'gamma', 'after the restore']);

    // The restore is recorded as a version of its own.
    const recorded = await api(server.url, 'POST', `/api/documents/${doc.id}/versions`, {
      token: doc.editorToken,
      body: { reason: 'restore' },
    });
    expect(recorded.status).toBe(201);
    expect((recorded.body as unknown as VersionListItem).reason).toBe('restore');
  });

  it('refuses a restore record with a viewer token', async () => {
    const doc = await createDoc(server.url);
    const res = await api(server.url, 'POST', `/api/documents/${doc.id}/versions`, {
      token: doc.viewerToken,
      body: { reason: 'restore' },
    });
    expect(res.status).toBe(403);
  });
});
