import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListItem } from '@shared/api/lists';
import { ApiError } from './api-client';
import {
  adoptList,
  cachedItems,
  flushPending,
  forgetListLink,
  listLinkFromLocation,
  listUrl,
  loadListLink,
  pendingPuts,
  queuePut,
  queueRemove,
  saveListLink,
  startList,
  syncList,
  type ListApi,
} from './my-documents';
import { forgetDocument, rememberDocument } from './recent-documents';

const LINK = { id: 'list1', token: 'v1.list1.l.sig' };

const item = (id: string, role: 'editor' | 'viewer' = 'editor'): ListItem => ({
  id,
  token: `v1.${id}.${role === 'editor' ? 'e' : 'v'}.sig`,
  role,
  title: id.toUpperCase(),
  updatedAt: '2026-11-28T03:00:00.000Z',
  deleted: false,
  present: { count: 0, names: [] },
  addedAt: '2026-11-28T03:00:00.000Z',
});

/** A fake server list, as the real routes answer. */
function fakeApi(initial: ListItem[] = []) {
  const items = new Map(initial.map((i) => [i.id, i]));
  const client = {
    createList: vi.fn(async () => ({ id: LINK.id, token: LINK.token, url: 'x' })),
    getList: vi.fn(async () => ({ id: LINK.id, items: [...items.values()], maxItems: 200 })),
    putListItem: vi.fn(async (_l: string, _t: string, docId: string, token: string) => {
      const i = { ...item(docId), token };
      items.set(docId, i);
      return i;
    }),
    removeListItem: vi.fn(async (_l: string, _t: string, docId: string) => {
      items.delete(docId);
      return undefined;
    }),
  } satisfies ListApi;
  return { client, items };
}

describe('my documents', () => {
  beforeEach(() => {
    localStorage.clear();
    // What rememberDocument sends in the background finds no server here (the fakes below stand in for it).
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('queues nothing and sends nothing without a list link (today: nothing leaves the browser)', () => {
    queuePut('a', 'v1.a.e.sig');
    rememberDocument('b', 'v1.b.e.sig');
    expect(pendingPuts()).toEqual([]);
    expect(localStorage.getItem('tandem.myDocuments.pending')).toBeNull();
  });

  it('reads a list link from a /l/:id#token= address and builds it back', () => {
    const link = listLinkFromLocation('/l/list1', '#token=v1.list1.l.sig');
    expect(link).toEqual(LINK);
    expect(listUrl(LINK, 'https://t.example')).toBe('https://t.example/l/list1#token=v1.list1.l.sig');
    expect(listLinkFromLocation('/l/list1', '')).toBeNull();
    expect(listLinkFromLocation('/d/list1', '#token=x')).toBeNull();
    expect(listLinkFromLocation('/l/bad%20id', '#token=x')).toBeNull();
  });

  it('creates the list only when asked, and pushes every document this browser has', async () => {
    const { client, items } = fakeApi();
    await startList(
      [
        { id: 'a', token: 'v1.a.e.sig' },
        { id: 'b', token: 'v1.b.v.sig' },
      ],
      client,
    );
    expect(loadListLink()).toEqual(LINK);
    const { items: listed } = await syncList(LINK, client);
    expect([...items.keys()].sort()).toEqual(['a', 'b']);
    expect(listed.map((i) => i.id).sort()).toEqual(['a', 'b']);
    expect(pendingPuts()).toEqual([]);
    expect(
      cachedItems()
        ?.map((i) => i.id)
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('adds every document opened later, and removes one from both lists', async () => {
    const { client, items } = fakeApi();
    saveListLink(LINK);
    rememberDocument('c', 'v1.c.e.sig', 'C');
    // The list code comes in the background (out of the first load): the queue fills a moment later.
    await vi.waitFor(() => expect(pendingPuts()).toEqual([{ id: 'c', token: 'v1.c.e.sig' }]));
    await flushPending(LINK, client);
    expect(items.has('c')).toBe(true);
    forgetDocument('c');
    await vi.waitFor(async () => {
      await flushPending(LINK, client);
      expect(items.has('c')).toBe(false);
    });
    expect(client.removeListItem).toHaveBeenCalledWith('list1', LINK.token, 'c');
  });

  it('keeps the queue while offline and sends it when the server answers again', async () => {
    const { client, items } = fakeApi();
    saveListLink(LINK);
    queuePut('a', 'v1.a.e.sig');
    queueRemove('old');
    client.removeListItem.mockRejectedValueOnce(new ApiError('NETWORK', 0));
    await expect(syncList(LINK, client)).rejects.toMatchObject({ code: 'NETWORK' });
    expect(pendingPuts()).toHaveLength(1);
    await syncList(LINK, client);
    expect(items.has('a')).toBe(true);
    expect(pendingPuts()).toEqual([]);
  });

  it('drops what can never be stored, and reports a full list', async () => {
    const { client } = fakeApi();
    saveListLink(LINK);
    queuePut('bad', 'garbage');
    queuePut('many', 'v1.many.e.sig');
    client.putListItem
      .mockRejectedValueOnce(new ApiError('LIST_ITEM_INVALID', 400))
      .mockRejectedValueOnce(new ApiError('LIST_FULL', 409));
    expect(await flushPending(LINK, client)).toEqual({ full: true });
    expect(pendingPuts()).toEqual([]);
  });

  it('adopts a list only once the server accepted its link, and pushes what the list lacks', async () => {
    const { client, items } = fakeApi([item('a', 'viewer'), item('b')]);
    client.getList.mockRejectedValueOnce(new ApiError('LIST_UNAUTHORIZED', 401));
    await expect(adoptList(LINK, [], client)).rejects.toMatchObject({ code: 'LIST_UNAUTHORIZED' });
    expect(loadListLink()).toBeNull();

    await adoptList(
      LINK,
      [
        { id: 'a', token: 'v1.a.e.sig' },
        { id: 'b', token: 'v1.b.e.sig' },
        { id: 'c', token: 'v1.c.v.sig' },
      ],
      client,
    );
    expect(loadListLink()).toEqual(LINK);
    expect(pendingPuts().map((d) => d.id)).toEqual(['a', 'c']);
    await flushPending(LINK, client);
    expect(items.get('a')?.token).toBe('v1.a.e.sig');
  });

  it('forgets a link the server refused, with its queue and copy', () => {
    saveListLink(LINK);
    queuePut('a', 'v1.a.e.sig');
    forgetListLink();
    expect(loadListLink()).toBeNull();
    expect(pendingPuts()).toEqual([]);
    expect(cachedItems()).toBeNull();
  });

  it('forgets the queue and copy of another list when a new link is used', () => {
    saveListLink(LINK);
    queuePut('a', 'v1.a.e.sig');
    saveListLink({ id: 'list2', token: 'v1.list2.l.sig' });
    expect(pendingPuts()).toEqual([]);
    expect(cachedItems()).toBeNull();
  });
});
