import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDocument } from '@shared/api/documents';
import { createDoc } from '../helpers/api';
import { makeImage, makePdf, makeZip, upload } from '../helpers/media-fixtures';
import { startServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let doc: CreatedDocument;

beforeAll(async () => {
  server = await startServer();
  doc = await createDoc(server.url, 'Download names');
});
afterAll(async () => {
  await server.close();
});

async function downloadedAs(bytes: Buffer, filename: string, kind: 'files' | 'images' = 'files'): Promise<string> {
  const res = await upload(server.url, doc.id, kind, { token: doc.editorToken, bytes, filename });
  expect(res.status).toBe(201);
  // The upload keeps the name it was given; only the download name follows the detected type.
  expect(res.body['data-name']).toBe(filename);
  const served = await fetch(String(res.body.link));
  expect(served.status).toBe(200);
  const disposition = served.headers.get('content-disposition') ?? '';
  return /filename="([^"]*)"/.exec(disposition)?.[1] ?? '';
}

describe('download names follow the detected type', () => {
  it('replaces a wrong extension and adds a missing one', async () => {
    expect(await downloadedAs(makePdf('pdf as text'), 'report.txt')).toBe('report.pdf');
    expect(await downloadedAs(makeZip([['a.txt', 'zipped']]), 'archive')).toBe('archive.zip');
    expect(await downloadedAs(makePdf('pdf as page'), 'invoice.html')).toBe('invoice.pdf');
  });

  it('keeps a name whose extension already fits, also in another spelling', async () => {
    expect(await downloadedAs(makePdf('fits'), 'Minutes.PDF')).toBe('Minutes.PDF');
    expect(await downloadedAs(await makeImage('jpeg', { seed: 51 }), 'photo.jpeg', 'images')).toBe('photo.jpeg');
    expect(await downloadedAs(Buffer.from('a,b\n1,2\n'), 'table.csv')).toBe('table.csv');
  });

  it('gives a picture sent under another type its own extension', async () => {
    expect(await downloadedAs(await makeImage('png', { seed: 52 }), 'picture.jpg', 'images')).toBe('picture.png');
  });
});
