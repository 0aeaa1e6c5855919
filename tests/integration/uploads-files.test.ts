import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDocument } from '@shared/api/documents';
import { createDoc } from '../helpers/api';
import {
  makeAnimated,
  makeCfb,
  makeElf,
  makeImage,
  makeMp3,
  makeMp4,
  makeMpeg,
  makeOdf,
  makeOgg,
  makeOoxml,
  makePdf,
  makeRtf,
  makeWav,
  makeWebm,
  makeZip,
  storedState,
  upload,
} from '../helpers/media-fixtures';
import { startServer, type TestServer } from '../helpers/start-server';

let server: TestServer;
let doc: CreatedDocument;

beforeAll(async () => {
  server = await startServer();
  doc = await createDoc(server.url, 'Files');
});
afterAll(async () => {
  await server.close();
});

describe('file uploads: every allowed type by content', () => {
  const cases: Array<[string, () => Buffer | Promise<Buffer>, string, string, string]> = [
    // [label, bytes, client file name, stored extension, stored type]
    ['pdf', () => makePdf('files'), 'report.pdf', 'pdf', 'application/pdf'],
    ['txt', () => Buffer.from('plain text, ünïcödé\n'), 'notes.txt', 'txt', 'text/plain; charset=utf-8'],
    ['csv', () => Buffer.from('a,b\n1,2\n'), 'table.csv', 'csv', 'text/csv; charset=utf-8'],
    ['md', () => Buffer.from('# Title\n\nText'), 'readme.md', 'md', 'text/markdown; charset=utf-8'],
    ['json', () => Buffer.from('{"a":1}'), 'data.json', 'json', 'application/json; charset=utf-8'],
    ['rtf', makeRtf, 'letter.rtf', 'rtf', 'application/rtf'],
    [
      'docx',
      () => makeOoxml('docx'),
      'doc.docx',
      'docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'xlsx',
      () => makeOoxml('xlsx'),
      'sheet.xlsx',
      'xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    [
      'pptx',
      () => makeOoxml('pptx'),
      'slides.pptx',
      'pptx',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    ['odt', () => makeOdf('odt'), 'doc.odt', 'odt', 'application/vnd.oasis.opendocument.text'],
    ['ods', () => makeOdf('ods'), 'sheet.ods', 'ods', 'application/vnd.oasis.opendocument.spreadsheet'],
    ['odp', () => makeOdf('odp'), 'slides.odp', 'odp', 'application/vnd.oasis.opendocument.presentation'],
    ['doc', makeCfb, 'old.doc', 'doc', 'application/msword'],
    ['xls', () => Buffer.concat([makeCfb(), Buffer.from([1])]), 'old.xls', 'xls', 'application/vnd.ms-excel'],
    ['ppt', () => Buffer.concat([makeCfb(), Buffer.from([2])]), 'old.ppt', 'ppt', 'application/vnd.ms-powerpoint'],
    ['zip', () => makeZip([['a.txt', 'hello']]), 'archive.zip', 'zip', 'application/zip'],
    ['png', () => makeImage('png', { seed: 501 }), 'pic.png', 'png', 'image/png'],
    ['jpg', () => makeImage('jpeg', { seed: 502 }), 'pic.jpg', 'jpg', 'image/jpeg'],
    ['gif', () => makeAnimated('gif', 2), 'pic.gif', 'gif', 'image/gif'],
    ['webp', () => makeImage('webp', { seed: 503 }), 'pic.webp', 'webp', 'image/webp'],
    ['mp3', makeMp3, 'song.mp3', 'mp3', 'audio/mpeg'],
    ['mp4', () => makeMp4(10), 'clip.mp4', 'mp4', 'video/mp4'],
    ['webm', makeWebm, 'clip.webm', 'webm', 'video/webm'],
    ['ogg', () => makeOgg('vorbis'), 'sound.ogg', 'ogg', 'audio/ogg'],
    ['wav', makeWav, 'sound.wav', 'wav', 'audio/wav'],
  ];

  it.each(cases)('accepts %s', async (_label, make, filename, ext, mime) => {
    const res = await upload(server.url, doc.id, 'files', {
      token: doc.editorToken,
      bytes: await make(),
      filename,
      fields: { uploader: 'Bea' },
    });
    expect(res.status).toBe(201);
    expect(res.body.link).toMatch(new RegExp(`^${server.url}/uploads/[0-9a-f]{32}\\.${ext}$`));
    expect(res.body['data-type']).toBe(mime);
    expect(res.body['data-name']).toBe(filename);
    const row = await server.app.store.media.getUpload(String(res.body['data-id']));
    expect(row?.kind).toBe('file');
    expect(row?.uploader).toBe('Bea');
    const served = await fetch(String(res.body.link));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(mime);
  });

  it('refuses formats outside the allowlist (CFB without an Office name, Java archives)', async () => {
    const before = await storedState(server);
    for (const [bytes, filename] of [
      [makeCfb(), 'setup.msi'],
      [makeZip([['META-INF/MANIFEST.MF', 'Main-Class: X']]), 'app.zip'],
      [makeElf(), 'x.zip'],
    ] as const) {
      const res = await upload(server.url, doc.id, 'files', { token: doc.editorToken, bytes, filename });
      expect(res.body.code).toBe('FILE_INVALID_TYPE');
      expect(res.status).toBe(415);
    }
    expect(await storedState(server)).toEqual(before);
  });
});

describe('video uploads', () => {
  it.each([
    ['mp4', () => makeMp4(20), 'mp4', 'video/mp4'],
    ['webm', () => Buffer.concat([makeWebm(), Buffer.from([1])]), 'webm', 'video/webm'],
    ['ogg (theora)', () => makeOgg('theora'), 'ogv', 'video/ogg'],
    ['ogg (vorbis)', () => Buffer.concat([makeOgg('vorbis'), Buffer.from([1])]), 'ogg', 'audio/ogg'],
    ['mp3', () => Buffer.concat([makeMp3(), Buffer.from([1])]), 'mp3', 'audio/mpeg'],
    ['mpeg', makeMpeg, 'mpg', 'video/mpeg'],
  ] as const)('accepts %s', async (_label, make, ext, mime) => {
    const res = await upload(server.url, doc.id, 'videos', { token: doc.editorToken, bytes: make(), filename: 'v' });
    expect(res.status).toBe(201);
    expect(res.body.link).toMatch(new RegExp(`/uploads/[0-9a-f]{32}\\.${ext}$`));
    expect(res.body['data-type']).toBe(mime);
    expect((await server.app.store.media.getUpload(String(res.body['data-id'])))?.kind).toBe('video');
  });

  it('dedupes per kind: the same bytes as a file and as a video are two records and one blob', async () => {
    const bytes = makeMp4(777);
    const before = await storedState(server);
    const asVideo = await upload(server.url, doc.id, 'videos', { token: doc.editorToken, bytes, filename: 'a.mp4' });
    const asFile = await upload(server.url, doc.id, 'files', { token: doc.editorToken, bytes, filename: 'a.mp4' });
    expect(asVideo.status).toBe(201);
    expect(asFile.status).toBe(201);
    expect(asFile.body.link).toBe(asVideo.body.link);
    const after = await storedState(server);
    expect(after.blobs - before.blobs).toBe(1);
    expect(after.uploads - before.uploads).toBe(2);
    expect(after.files.length - before.files.length).toBe(1);
  });
});
