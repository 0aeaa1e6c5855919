import { describe, expect, it } from 'vitest';
import { skipUnavailable, storeEngines, useStore } from '../../../../tests/helpers/store-engines';

describe.each(storeEngines())('$name document store', (engine) => {
  if (skipUnavailable(engine)) return;
  const { store } = useStore(engine);
  const documents = () => store().documents;

  it('creates, reads, renames and refuses a second document with the same id', async () => {
    expect(await documents().create('a', 'First', 10)).toEqual({
      id: 'a',
      title: 'First',
      createdAt: 10,
      updatedAt: 10,
      deletedAt: null,
    });
    await expect(documents().create('a', 'Again', 11)).rejects.toThrow();
    expect(await documents().rename('a', 'Renamed', 20)).toMatchObject({ title: 'Renamed', updatedAt: 20 });
    expect(await documents().rename('missing', 'x', 20)).toBeUndefined();
    expect(await documents().get('a')).toMatchObject({ title: 'Renamed', createdAt: 10 });
    expect(await documents().get('missing')).toBeUndefined();
  });

  it('reads many in the order asked, skipping unknown ids', async () => {
    for (const id of ['a', 'b', 'c']) await documents().create(id, id, 1);
    expect((await documents().getMany(['c', 'x', 'a'])).map((d) => d.id)).toEqual(['c', 'a']);
    expect(await documents().getMany([])).toEqual([]);
  });

  it('lists live documents by last change and the trash by deletion, with totals', async () => {
    await documents().create('a', 'A', 1);
    await documents().create('b', 'B', 2);
    await documents().create('c', 'C', 2);
    await documents().create('d', 'D', 3);
    await documents().setDeleted('d', 50);
    await documents().setDeleted('a', 60);
    const live = await documents().list({ limit: 10, offset: 0, trash: false });
    expect(live.items.map((d) => d.id)).toEqual(['b', 'c']);
    expect(live.total).toBe(2);
    const trash = await documents().list({ limit: 1, offset: 1, trash: true });
    expect(trash.items.map((d) => d.id)).toEqual(['d']);
    expect(trash.total).toBe(2);
    expect(await documents().setDeleted('a', null)).toMatchObject({ deletedAt: null });
    expect((await documents().list({ limit: 10, offset: 0, trash: false })).total).toBe(3);
  });

  it('purges only documents deleted before the given time', async () => {
    await documents().create('old', '', 1);
    await documents().create('new', '', 1);
    await documents().create('live', '', 1);
    await documents().setDeleted('old', 5);
    await documents().setDeleted('new', 50);
    expect(await documents().purgeDeletedBefore(10)).toEqual(['old']);
    expect(await documents().get('old')).toBeUndefined();
    expect(await documents().get('new')).toBeDefined();
    expect(await documents().purgeDeletedBefore(10)).toEqual([]);
  });

  it('reports itself writable', async () => {
    await expect(store().checkWritable()).resolves.toBeUndefined();
  });
});
