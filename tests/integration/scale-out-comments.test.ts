import { describe, expect, it } from 'vitest';
import { COMMENT_AUTHOR_HEADER } from '@shared/api/comments';
import { createDoc } from '../helpers/api';
import { openCommentsSocket, type CommentsSocket } from '../helpers/comments-socket';
import { instancesUnavailable, useInstances } from '../helpers/instances';
import { retryUntil } from '../helpers/retry-until';

const unavailable = instancesUnavailable();

/** Two instances on one PostgreSQL and one Redis: a comment posted on one is announced on the other. */
describe.skipIf(unavailable !== null)(
  `comments on two instances${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    const cluster = useInstances();

    it('announces a change made on one instance to the document’s connections on the other', async () => {
      const [a, b] = await cluster.start(2);
      if (!a || !b) throw new Error('two servers');
      const doc = await createDoc(a.url, 'Comments everywhere');
      const sockets: CommentsSocket[] = [];
      try {
        sockets.push(await openCommentsSocket(a.collabUrl, doc.id, doc.viewerToken));
        sockets.push(await openCommentsSocket(b.collabUrl, doc.id, doc.viewerToken));
        const post = async (id: string): Promise<number> => {
          const res = await fetch(`${a.url}/api/documents/${doc.id}/comments`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${doc.editorToken}`,
              'content-type': 'application/json',
              [COMMENT_AUTHOR_HEADER]: 'k'.repeat(40),
            },
            body: JSON.stringify({ id, quote: 'q', body: 'hello', author: { name: 'Ada', color: '#1971c2' } }),
          });
          return res.status;
        };
        // b's subscription to the document's channel may still be on its way: post until b hears one.
        let n = 0;
        await retryUntil(
          async () => {
            expect(await post(`thread-${String(++n).padStart(3, '0')}`)).toBe(201);
            expect(sockets[1]?.events.length).toBeGreaterThan(0);
          },
          10_000,
          200,
        );
        const heard = sockets[1]?.events ?? [];
        expect(heard.at(-1)?.threadId).toMatch(/^thread-\d{3}$/);
        // Each change once on each instance: a hears its own, never b's echo.
        await retryUntil(() => expect(sockets[0]?.events).toHaveLength(n));
        expect(new Set(sockets[0]?.events.map((e) => e.threadId)).size).toBe(n);
        // The other instance reads the same threads.
        const res = await fetch(`${b.url}/api/documents/${doc.id}/comments`, {
          headers: { authorization: `Bearer ${doc.viewerToken}` },
        });
        expect(((await res.json()) as unknown[]).length).toBe(n);
      } finally {
        for (const s of sockets) s.close();
      }
    });
  },
);
