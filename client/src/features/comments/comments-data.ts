import * as decoding from 'lib0/decoding';
import type { CommentThread } from '@shared/api/comments';
import { COMMENTS_MESSAGE_TYPE } from '@shared/api/comment-values';
import type { CapabilitySession } from '../../editor/core/capability';
import { api, ApiError } from '../../lib/api-client';
import { store, type Store } from '../../lib/store';
import { commentAuthorKey, commentEventOf, isCommentThread } from './comment-values';

export type ThreadsStatus = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; code: string };

export const errorCode = (error: unknown): string => (error instanceof ApiError ? error.code : 'NETWORK');

/**
 * The document's comment threads as this browser knows them: loaded when the editor is in sync with the
 * server (and again after each reconnection), then kept current by the comments frames the server sends on
 * the document's socket (each names one thread, which is fetched again or dropped) and by the answers to this
 * author's own changes.
 */
export class CommentThreads {
  readonly threads: Store<ReadonlyMap<string, CommentThread>> = store<ReadonlyMap<string, CommentThread>>(new Map());
  readonly status: Store<ThreadsStatus> = store<ThreadsStatus>({ kind: 'loading' });
  private session: CapabilitySession | null = null;
  private unsubscribe: Array<() => void> = [];
  /** Bumped by every list load, so an older answer never overwrites a newer one. */
  private generation = 0;

  connect(session: CapabilitySession): void {
    this.session = session;
    this.unsubscribe = [
      session.onMessage(COMMENTS_MESSAGE_TYPE, (payload) => {
        const event = commentEventOf(decoding.readVarString(payload));
        if (!event) return;
        if (event.deleted) this.drop(event.threadId);
        else this.refreshThread(event.threadId);
      }),
      // Loaded once the socket is in sync (so no frame falls between the answer and the socket) and again after
      // every reconnection (frames sent while it was down are lost).
      session.onSynced(this.load),
    ];
  }

  disconnect(): void {
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    this.session = null;
  }

  /** (Re)loads every thread. */
  load = (): void => {
    const session = this.session;
    if (!session) return;
    const generation = ++this.generation;
    this.status.set({ kind: 'loading' });
    api.listComments(session.docId, session.token, commentAuthorKey()).then(
      (list: unknown) => {
        if (generation !== this.generation) return;
        const threads = Array.isArray(list) ? list.filter(isCommentThread) : [];
        this.threads.set(new Map(threads.map((t) => [t.id, t])));
        this.status.set({ kind: 'ready' });
      },
      (error: unknown) => {
        if (generation === this.generation) this.status.set({ kind: 'failed', code: errorCode(error) });
      },
    );
  };

  /** Fetches one thread again (a comments frame named it); a thread that is gone is dropped. */
  refreshThread(threadId: string): void {
    const session = this.session;
    if (!session) return;
    api.getCommentThread(session.docId, session.token, commentAuthorKey(), threadId).then(
      (thread: unknown) => {
        if (isCommentThread(thread)) this.upsert(thread);
      },
      (error: unknown) => {
        if (errorCode(error) === 'COMMENT_THREAD_NOT_FOUND') this.drop(threadId);
      },
    );
  }

  /** Puts a thread the server returned in its place. */
  upsert(thread: CommentThread): void {
    const next = new Map(this.threads.get());
    next.set(thread.id, thread);
    this.threads.set(next);
  }

  drop(threadId: string): void {
    if (!this.threads.get().has(threadId)) return;
    const next = new Map(this.threads.get());
    next.delete(threadId);
    this.threads.set(next);
  }
}
