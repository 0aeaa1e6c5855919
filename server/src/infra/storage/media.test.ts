import { describe, expect, it } from 'vitest';
import { skipUnavailable, storeEngines, useStore } from '../../../../tests/helpers/store-engines';
import type { BlobRow, UploadRow } from './store';

const blob = (hash: string, over: Partial<BlobRow> = {}): BlobRow => ({
  hash,
  storedName: `${hash.slice(0, 32)}.png`,
  thumbName: `${hash.slice(0, 32)}.thumb.webp`,
  mime: 'image/png',
  bytes: 100,
  width: 10,
  height: 20,
  createdAt: 1,
  ...over,
});

const upload = (id: string, b: BlobRow, over: Partial<UploadRow> = {}): UploadRow => ({
  id,
  docId: 'doc1',
  kind: 'image',
  hash: b.hash,
  storedName: b.storedName,
  thumbName: b.thumbName,
  name: `${id}.png`,
  mime: b.mime,
  bytes: b.bytes,
  width: b.width,
  height: b.height,
  tag: '',
  uploader: 'Ann',
  createdAt: 10,
  ...over,
});

const h = (c: string): string => c.repeat(64);

describe.each(storeEngines())('$name media store', (engine) => {
  if (skipUnavailable(engine)) return;
  const { store, reopen } = useStore(engine);
  const media = () => store().media;

  it('stores blobs and finds them by hash, stored name and thumbnail name', async () => {
    const b = blob(h('a'));
    await media().insertBlob(b);
    expect(await media().getBlob(b.hash)).toEqual(b);
    expect(await media().getBlobByStoredName(b.storedName)).toEqual(b);
    expect(await media().getBlobByStoredName(b.thumbName ?? '')).toEqual(b);
    expect(await media().getBlobByStoredName('nope.png')).toBeUndefined();
  });

  it('upgrades a blob stored raw when the image pipeline stores the same content', async () => {
    await media().insertBlob(blob(h('a'), { thumbName: null, bytes: 5 }));
    await media().insertBlob(blob(h('a'), { bytes: 7 }));
    expect((await media().getBlob(h('a')))?.thumbName).toBe(`${h('a').slice(0, 32)}.thumb.webp`);
    expect((await media().getBlob(h('a')))?.bytes).toBe(7);
  });

  it('records uploads with the blob facts and dedupes per document and kind', async () => {
    const b = blob(h('a'));
    await media().insertBlob(b);
    const row = upload('u1', b, { tag: 'cats' });
    await media().insertUpload(row);
    expect(await media().getUpload('u1')).toEqual(row);
    expect(await media().findUpload('doc1', 'image', b.hash)).toEqual(row);
    expect(await media().findUpload('doc1', 'file', b.hash)).toBeUndefined();
    expect(await media().findUpload('doc2', 'image', b.hash)).toBeUndefined();
    await expect(media().insertUpload(upload('u2', b))).rejects.toThrow(/unique/i);
    await media().insertUpload(upload('u3', b, { docId: 'doc2' }));
    expect((await media().uploadsByStoredName(b.thumbName ?? '')).map((u) => u.id)).toEqual(['u1', 'u3']);
  });

  it('lists newest first with kind, tag and search filters and a total', async () => {
    const a = blob(h('a'));
    const b = blob(h('b'), { storedName: `${h('b').slice(0, 32)}.pdf`, thumbName: null, mime: 'application/pdf' });
    const c = blob(h('c'));
    for (const x of [a, b, c]) await media().insertBlob(x);
    await media().insertUpload(upload('i1', a, { createdAt: 1, tag: 'cats,dogs', name: 'Kitten.PNG' }));
    await media().insertUpload(upload('f1', b, { kind: 'file', createdAt: 2, name: 'report 100%.pdf' }));
    await media().insertUpload(upload('i2', c, { createdAt: 3, tag: 'dogs' }));
    await media().insertUpload(upload('x1', c, { docId: 'other', createdAt: 4 }));

    const all = await media().listUploads('doc1', { limit: 10, offset: 0 });
    expect(all.items.map((u) => u.id)).toEqual(['i2', 'f1', 'i1']);
    expect(all.total).toBe(3);

    const page = await media().listUploads('doc1', { limit: 1, offset: 1 });
    expect(page.items.map((u) => u.id)).toEqual(['f1']);
    expect(page.total).toBe(3);

    const images = await media().listUploads('doc1', { kinds: ['image'], limit: 10, offset: 0 });
    expect(images.items.map((u) => u.id)).toEqual(['i2', 'i1']);

    expect((await media().listUploads('doc1', { tag: 'cats', limit: 10, offset: 0 })).items.map((u) => u.id)).toEqual([
      'i1',
    ]);
    expect((await media().listUploads('doc1', { tag: 'dogs', limit: 10, offset: 0 })).total).toBe(2);
    expect((await media().listUploads('doc1', { tag: 'cat', limit: 10, offset: 0 })).total).toBe(0);

    expect((await media().listUploads('doc1', { search: 'kitten', limit: 10, offset: 0 })).items[0]?.id).toBe('i1');
    // Wildcards of LIKE are plain characters in a search.
    expect((await media().listUploads('doc1', { search: '0%', limit: 10, offset: 0 })).items[0]?.id).toBe('f1');
    expect((await media().listUploads('doc1', { search: '_', limit: 10, offset: 0 })).total).toBe(0);
  });

  it('changes a tag', async () => {
    const b = blob(h('a'));
    await media().insertBlob(b);
    await media().insertUpload(upload('u1', b));
    expect((await media().setTag('u1', 'new'))?.tag).toBe('new');
    expect(await media().setTag('missing', 'x')).toBeUndefined();
  });

  it('deletes a record and reports the blob only when nothing references it', async () => {
    const b = blob(h('a'));
    await media().insertBlob(b);
    await media().insertUpload(upload('u1', b));
    await media().insertUpload(upload('u2', b, { docId: 'doc2' }));
    expect(await media().deleteUpload('u1')).toEqual({ orphan: undefined });
    expect(await media().getBlob(b.hash)).toEqual(b);
    expect(await media().deleteUpload('u2')).toEqual({ orphan: b });
    expect(await media().getBlob(b.hash)).toBeUndefined();
    expect(await media().deleteUpload('u2')).toEqual({ orphan: undefined });
  });

  it('deletes every upload of a document and returns the orphaned blobs', async () => {
    const a = blob(h('a'));
    const b = blob(h('b'));
    await media().insertBlob(a);
    await media().insertBlob(b);
    await media().insertUpload(upload('u1', a));
    await media().insertUpload(upload('u2', a, { kind: 'file' }));
    await media().insertUpload(upload('u3', b));
    await media().insertUpload(upload('u4', b, { docId: 'doc2' }));
    expect(await media().deleteDocumentUploads('doc1')).toEqual([a]);
    expect(await media().getUpload('u1')).toBeUndefined();
    expect(await media().getUpload('u4')).toBeDefined();
    expect(await media().getBlob(b.hash)).toEqual(b);
  });

  it('keeps its data when opened again', async () => {
    const b = blob(h('a'));
    await media().insertBlob(b);
    const again = await reopen();
    expect(await again.media.getBlob(b.hash)).toEqual(b);
  });
});
