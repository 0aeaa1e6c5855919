import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDocument } from '@shared/api/documents';
import type { UploadResponse } from '@shared/api/media';
import { api, createDoc } from '../helpers/api';
import { connectClient, waitSynced, type Client } from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';

async function upload(
  server: TestServer,
  doc: CreatedDocument,
  kind: 'images' | 'files',
  bytes: Buffer,
  name: string,
  type: string,
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${server.url}/api/documents/${doc.id}/${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${doc.editorToken}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as UploadResponse;
}

/** Media nodes in the shared document, depth first (the initial content adds other nodes). */
function nodeNames(doc: Y.Doc): string[] {
  const names: string[] = [];
  const walk = (parent: Y.XmlFragment | Y.XmlElement): void => {
    for (const child of parent.toArray()) {
      if (child instanceof Y.XmlElement) {
        if (['image', 'video', 'file'].includes(child.nodeName)) names.push(child.nodeName);
        walk(child);
      }
    }
  };
  walk(doc.getXmlFragment('default'));
  return names;
}

/** One paragraph with text, the image (by uploadId and src) and the file (by href only), as the editor stores them. */
function writeContent(doc: Y.Doc, image: UploadResponse, file: UploadResponse, keep: string): void {
  doc.transact(() => {
    const paragraph = new Y.XmlElement('paragraph');
    const text = new Y.XmlText();
    text.insert(0, 'Look: ');
    const img = new Y.XmlElement('image');
    img.setAttribute('src', image.link);
    img.setAttribute('uploadId', image['data-id']);
    img.setAttribute('alt', '');
    const fileEl = new Y.XmlElement('file');
    // Only the URL (relative form): removal must also work without an uploadId.
    fileEl.setAttribute('href', new URL(file.link).pathname);
    fileEl.setAttribute('name', 'report.pdf');
    const other = new Y.XmlElement('image');
    other.setAttribute('src', keep);
    paragraph.insert(0, [text, img, fileEl, other]);
    const nested = new Y.XmlElement('blockquote');
    const inner = new Y.XmlElement('paragraph');
    const innerImg = new Y.XmlElement('image');
    innerImg.setAttribute('src', image['data-thumb'] ?? image.link);
    inner.insert(0, [innerImg]);
    nested.insert(0, [inner]);
    doc.getXmlFragment('default').insert(0, [paragraph, nested]);
  });
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

describe('deleting media removes it from every open copy', () => {
  let dataDir: string;
  let server: TestServer;
  const clients: Client[] = [];
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-live-'));
    server = await startServer({}, dataDir);
  });
  afterAll(async () => {
    for (const c of clients) c.destroy();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const connect = async (doc: CreatedDocument): Promise<Client> => {
    const client = connectClient(server.collabUrl, doc.id, doc.editorToken);
    clients.push(client);
    await waitSynced(client);
    return client;
  };

  it('removes image and file elements live for two clients, durably', async () => {
    const doc = await createDoc(server.url);
    const pixels = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#aa2200' } })
      .png()
      .toBuffer();
    const image = await upload(server, doc, 'images', pixels, 'pic.png', 'image/png');
    const file = await upload(server, doc, 'files', pdf, 'report.pdf', 'application/pdf');
    const a = await connect(doc);
    const b = await connect(doc);
    writeContent(a.doc, image, file, 'https://elsewhere.test/keep.png');
    await retryUntil(() => expect(nodeNames(b.doc)).toEqual(['image', 'file', 'image', 'image']));

    const delImage = await api(server.url, 'POST', `/api/documents/${doc.id}/images/delete`, {
      token: doc.editorToken,
      body: { src: image.link },
    });
    expect(delImage.status).toBe(200);
    for (const c of [a, b]) {
      await retryUntil(() => expect(nodeNames(c.doc)).toEqual(['file', 'image']));
    }
    const delFile = await api(server.url, 'POST', `/api/documents/${doc.id}/files/delete`, {
      token: doc.editorToken,
      body: { src: file.link },
    });
    expect(delFile.status).toBe(200);
    for (const c of [a, b]) {
      await retryUntil(() => expect(nodeNames(c.doc)).toEqual(['image']));
      expect(c.doc.getXmlFragment('default').toString()).toContain('Look: ');
    }

    // Reload after a restart: the removal was stored.
    for (const c of clients.splice(0)) c.destroy();
    await server.close();
    server = await startServer({}, dataDir);
    const fresh = await connect(doc);
    expect(nodeNames(fresh.doc)).toEqual(['image']);
  });

  it('removes the element when nobody has the document open', async () => {
    const doc = await createDoc(server.url);
    const pixels = await sharp({ create: { width: 9, height: 9, channels: 3, background: '#0022aa' } })
      .png()
      .toBuffer();
    const image = await upload(server, doc, 'images', pixels, 'pic.png', 'image/png');
    const file = await upload(
      server,
      doc,
      'files',
      Buffer.concat([pdf, Buffer.from('% two\n')]),
      'b.pdf',
      'application/pdf',
    );
    const writer = await connect(doc);
    writeContent(writer.doc, image, file, 'https://elsewhere.test/keep.png');
    await retryUntil(async () => {
      const probe = connectClient(server.collabUrl, doc.id, doc.editorToken);
      try {
        await waitSynced(probe);
        expect(nodeNames(probe.doc)).toHaveLength(4);
      } finally {
        probe.destroy();
      }
    });
    writer.destroy();
    clients.splice(clients.indexOf(writer), 1);

    const res = await api(server.url, 'POST', `/api/documents/${doc.id}/images/delete`, {
      token: doc.editorToken,
      body: { src: image['data-thumb'] },
    });
    expect(res.status).toBe(200);
    const reader = await connect(doc);
    expect(nodeNames(reader.doc)).toEqual(['file', 'image']);
  });

  it('purging a document from the trash removes its uploads, files and snapshots', async () => {
    const doc = await createDoc(server.url);
    const keep = await createDoc(server.url);
    const pixels = await sharp({ create: { width: 7, height: 7, channels: 3, background: '#00aa22' } })
      .png()
      .toBuffer();
    const own = await upload(server, doc, 'images', pixels, 'own.png', 'image/png');
    const sharedBytes = await sharp({ create: { width: 6, height: 6, channels: 3, background: '#00aaff' } })
      .png()
      .toBuffer();
    const shared = await upload(server, doc, 'images', sharedBytes, 's.png', 'image/png');
    await upload(server, keep, 'images', sharedBytes, 's.png', 'image/png');
    const saved = await api(server.url, 'POST', `/api/documents/${doc.id}/snapshots`, {
      token: doc.editorToken,
      body: { body: '<p>x</p>' },
    });
    expect(saved.status).toBe(200);
    // Deleted long ago: the purge on the next start removes it.
    await server.app.store.documents.setDeleted(doc.id, 1);
    for (const c of clients.splice(0)) c.destroy();
    await server.close();
    server = await startServer({}, dataDir);

    const stored = (url: string): Promise<boolean> => server.hasStored(new URL(url).pathname.replace('/uploads/', ''));
    expect(await server.app.store.documents.get(doc.id)).toBeUndefined();
    expect(await server.app.store.media.getUpload(own['data-id'])).toBeUndefined();
    expect(await stored(own.link)).toBe(false);
    expect(await stored(own['data-thumb'] ?? own.link)).toBe(false);
    expect(await stored(shared.link)).toBe(true);
    expect((await server.app.store.snapshots.list(doc.id, { limit: 10, offset: 0 })).total).toBe(0);
    expect((await server.app.store.media.listUploads(keep.id, { limit: 10, offset: 0 })).total).toBe(1);
  });
});
