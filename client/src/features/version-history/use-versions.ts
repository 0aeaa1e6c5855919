import { useCallback, useEffect, useRef, useState } from 'react';
import type { VersionDetail, VersionListItem } from '@shared/api/versions';
import { VersionLimits } from '@shared/limits';
import type { CapabilitySession } from '../../editor/core/capability';
import { api, ApiError } from '../../lib/api-client';
import { isVersionListItem } from './version-format';

export type ListStatus = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; code: string };

const PAGE = VersionLimits.pageSizeDefault;

export const errorCode = (error: unknown): string => (error instanceof ApiError ? error.code : 'NETWORK');

/** The document's versions, newest first, a page at a time; reloaded from the start by `refresh`. */
export function useVersions(session: CapabilitySession | null) {
  const [items, setItems] = useState<VersionListItem[]>([]);
  // The page asked for (each ask a new object, so asking again reloads) and the last one answered.
  const [asked, setAsked] = useState<{ offset: number }>(() => ({ offset: 0 }));
  const [answered, setAnswered] = useState<{ asked: { offset: number }; status: ListStatus } | null>(null);
  const [hasMore, setHasMore] = useState(false);

  useEffect(() => {
    if (!session) return undefined;
    let live = true;
    const { offset } = asked;
    api.listVersions(session.docId, session.token, offset, PAGE).then(
      (page: unknown) => {
        if (!live) return;
        const list = Array.isArray(page) ? page.filter(isVersionListItem) : [];
        setItems((before) => {
          const kept = offset === 0 ? [] : before;
          const seen = new Set(kept.map((v) => v.id));
          return [...kept, ...list.filter((v) => !seen.has(v.id))];
        });
        setHasMore(Array.isArray(page) && page.length === PAGE);
        setAnswered({ asked, status: { kind: 'ready' } });
      },
      (error: unknown) => live && setAnswered({ asked, status: { kind: 'failed', code: errorCode(error) } }),
    );
    return () => {
      live = false;
    };
  }, [session, asked]);

  const status: ListStatus = answered?.asked === asked ? answered.status : { kind: 'loading' };
  const refresh = useCallback(() => setAsked({ offset: 0 }), []);
  const loadMore = useCallback(() => setAsked({ offset: items.length }), [items.length]);
  /** Adds versions recorded since (the first page, merged): pages loaded with "Load more" stay. */
  const pullNewest = useCallback(() => {
    if (!session) return;
    api.listVersions(session.docId, session.token, 0, PAGE).then(
      (page: unknown) => {
        const fresh = Array.isArray(page) ? page.filter(isVersionListItem) : [];
        if (fresh.length === 0) return;
        const ids = new Set(fresh.map((v) => v.id));
        setItems((before) =>
          [...fresh, ...before.filter((v) => !ids.has(v.id))].sort((a, b) => b.createdAt - a.createdAt),
        );
      },
      // A failed pull changes nothing; the list's own errors come from loading it.
      () => undefined,
    );
  }, [session]);
  /** Puts a version the server just returned (named, renamed, recorded) in its place, newest first. */
  const upsert = useCallback((item: VersionListItem) => {
    setItems((before) => {
      const without = before.filter((v) => v.id !== item.id);
      return [...without, item].sort((a, b) => b.createdAt - a.createdAt);
    });
  }, []);

  return { items, status, hasMore, refresh, loadMore, upsert, pullNewest };
}

/** Fetches versions' content once per panel (they never change). */
export function useVersionDetails(session: CapabilitySession | null) {
  const cache = useRef(new Map<string, Promise<VersionDetail>>());
  return useCallback(
    (versionId: string): Promise<VersionDetail> => {
      if (!session) return Promise.reject(new ApiError('NETWORK', 0));
      let pending = cache.current.get(versionId);
      if (!pending) {
        pending = api.getVersion(session.docId, session.token, versionId);
        cache.current.set(versionId, pending);
        pending.catch(() => cache.current.delete(versionId));
      }
      return pending;
    },
    [session],
  );
}

export type DetailLoader = ReturnType<typeof useVersionDetails>;
