import { describe, expect, it } from 'vitest';
import { postgresEngine, skipUnavailable, storeEngines, useStore } from '../../../../tests/helpers/store-engines';
import type { CommentRow, NewCommentThread } from './store';

const comment = (id: string, threadId: string, createdAt: number, docId = 'doc'): CommentRow => ({
  id,
  docId,
  threadId,
  authorName: 'Ada',
  authorColor: '#1971c2',
  authorKeyHash: 'h'.repeat(64),
  body: `body of ${id}`,
  createdAt,
  editedAt: null,
});

const thread = (id: string, createdAt: number, docId = 'doc'): NewCommentThread => ({
  id,
  docId,
  quote: `quote of ${id}`,
  createdAt,
  first: comment(`${id}-c0`, id, createdAt, docId),
});

describe.each(storeEngines())('$name comment store', (engine) => {
  if (skipUnavailable(engine)) return;
  const { store } = useStore(engine);

  it('creates threads and lists them in creation order with their comments', async () => {
    const comments = store().comments;
    expect(await comments.createThread(thread('t2', 5), 10)).toBe('created');
    expect(await comments.createThread(thread('t1', 5), 10)).toBe('created');
    expect(await comments.addComment(comment('r1', 't2', 7), 10)).toBe('added');
    expect(await comments.addComment(comment('r0', 't2', 6), 10)).toBe('added');
    const list = await comments.list('doc');
    expect(list.map((t) => t.id)).toEqual(['t2', 't1']);
    expect(list[0]?.comments.map((c) => c.id)).toEqual(['t2-c0', 'r0', 'r1']);
    expect(list[0]).toMatchObject({ quote: 'quote of t2', createdAt: 5, resolved: null });
    expect(await comments.get('doc', 't1')).toEqual({
      id: 't1',
      docId: 'doc',
      quote: 'quote of t1',
      createdAt: 5,
      resolved: null,
      comments: [comment('t1-c0', 't1', 5)],
    });
    expect(await comments.list('other')).toEqual([]);
    expect(await comments.get('other', 't1')).toBeUndefined();
  });

  it('refuses a taken id, a full document and a full thread; ids are per document', async () => {
    const comments = store().comments;
    await comments.createThread(thread('t1', 1), 2);
    expect(await comments.createThread(thread('t1', 2), 2)).toBe('exists');
    expect(await comments.createThread(thread('t1', 2, 'doc2'), 2)).toBe('created');
    await comments.createThread(thread('t2', 3), 2);
    expect(await comments.createThread(thread('t3', 4), 2)).toBe('full');
    expect(await comments.addComment(comment('r1', 't1', 5), 2)).toBe('added');
    expect(await comments.addComment(comment('r2', 't1', 6), 2)).toBe('full');
    expect(await comments.addComment(comment('r3', 'nope', 6), 2)).toBe('no-thread');
    expect(await comments.list('doc2')).toHaveLength(1);
  });

  it('edits, resolves, reopens and deletes', async () => {
    const comments = store().comments;
    await comments.createThread(thread('t1', 1), 10);
    await comments.addComment(comment('r1', 't1', 2), 10);
    expect(await comments.editComment('doc', 't1', 'r1', 'new', 9)).toBe(true);
    expect(await comments.editComment('doc', 'other', 'r1', 'new', 9)).toBe(false);
    expect((await comments.get('doc', 't1'))?.comments[1]).toMatchObject({ body: 'new', editedAt: 9 });

    expect(await comments.setResolved('doc', 't1', { name: 'Bo', color: '#ff0000', at: 10 })).toBe(true);
    expect((await comments.get('doc', 't1'))?.resolved).toEqual({ name: 'Bo', color: '#ff0000', at: 10 });
    expect(await comments.setResolved('doc', 't1', null)).toBe(true);
    expect((await comments.get('doc', 't1'))?.resolved).toBeNull();
    expect(await comments.setResolved('doc', 'nope', null)).toBe(false);

    expect(await comments.deleteComment('doc', 't1', 'r1')).toBe(true);
    expect(await comments.deleteComment('doc', 't1', 'r1')).toBe(false);
    expect((await comments.get('doc', 't1'))?.comments.map((c) => c.id)).toEqual(['t1-c0']);
    expect(await comments.deleteThread('doc', 't1')).toBe(true);
    expect(await comments.deleteThread('doc', 't1')).toBe(false);
    expect(await comments.list('doc')).toEqual([]);
    // A thread made again with the same id starts empty.
    await comments.createThread(thread('t1', 20), 10);
    expect((await comments.get('doc', 't1'))?.comments).toHaveLength(1);
  });

  it('deletes a document’s threads with the document (purge) and on request', async () => {
    const s = store();
    await s.documents.create('doc', 'T', 0);
    await s.comments.createThread(thread('t1', 1), 10);
    await s.comments.createThread(thread('t1', 1, 'keep'), 10);
    await s.documents.setDeleted('doc', 5);
    expect(await s.documents.purgeDeletedBefore(10)).toEqual(['doc']);
    expect(await s.comments.list('doc')).toEqual([]);
    expect(await s.comments.get('doc', 't1')).toBeUndefined();
    expect(await s.comments.list('keep')).toHaveLength(1);
    await s.comments.deleteDocumentComments('keep');
    expect(await s.comments.list('keep')).toEqual([]);
  });
});

describe('postgres comment store: several instances', () => {
  const engine = postgresEngine();
  if (skipUnavailable(engine)) return;
  const { store } = useStore(engine);

  it('never passes the thread limit when two instances create at once', async () => {
    const [a, b] = [await engine.open(), await engine.open()];
    try {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).comments.createThread(thread(`t${i}`, i), 4)),
      );
      expect(results.filter((r) => r === 'created')).toHaveLength(4);
      expect(await store().comments.list('doc')).toHaveLength(4);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
