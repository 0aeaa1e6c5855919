import { useCallback, useEffect, useRef, useState } from 'react';
import type { ErrorCode } from '@shared/errors';
import { ListLimits } from '@shared/limits';
import { api, ApiError, type ApiErrorCode } from '../lib/api-client';
import {
  adoptList,
  cachedItems,
  forgetListLink,
  listLinkFromLocation,
  loadListLink,
  pendingPuts,
  startList,
  syncList,
  type ListLink,
} from '../lib/my-documents';
import { forgetDocument, loadRecent, restoreRecent } from '../lib/recent-documents';
import { replaceLocation } from '../lib/router';
import { rowsFromList, rowsFromRecent, type DocumentRow } from './document-rows';

/** Where the rows come from: this browser only, the server just now, or the server's last copy (offline). */
export type ListSource = 'local' | 'live' | 'offline';

export type Notice =
  | { kind: 'error'; code: ApiErrorCode | ErrorCode }
  | { kind: 'adopted' }
  | { kind: 'full' }
  /** A row just removed from the list, with what puts it back. */
  | { kind: 'removed'; title: string; undo: () => void };

const codeOf = (error: unknown): ApiErrorCode => (error instanceof ApiError ? error.code : 'INTERNAL');

const localRows = (link: ListLink | null): DocumentRow[] =>
  link ? rowsFromList(cachedItems() ?? [], false, pendingPuts(), loadRecent()) : rowsFromRecent(loadRecent(), null);

/** The home page's documents and what can be done with them (issue 25). */
export function useMyDocuments() {
  const [link, setLink] = useState<ListLink | null>(() => loadListLink());
  const [rows, setRows] = useState<DocumentRow[]>(() => localRows(loadListLink()));
  const [source, setSource] = useState<ListSource>('local');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  /** Another list's link opened in a browser that already shows a list: kept until the user chooses. */
  const [offered, setOffered] = useState<ListLink | null>(null);
  const alive = useRef(true);

  const refresh = useCallback(async (): Promise<void> => {
    const current = loadListLink();
    setLink(current);
    if (!current) {
      const recent = loadRecent();
      if (recent.length === 0) return setRows([]);
      try {
        const titles = await api.titles(recent.map((d) => d.token));
        if (alive.current) setRows(rowsFromRecent(loadRecent(), titles));
      } catch {
        // Offline: the titles this browser remembers.
      }
      return;
    }
    try {
      const { items, full } = await syncList(current);
      if (!alive.current) return;
      setRows(rowsFromList(items, true, pendingPuts(), loadRecent()));
      setSource('live');
      if (full) setNotice({ kind: 'full' });
    } catch (error) {
      if (!alive.current) return;
      const code = codeOf(error);
      if (code === 'LIST_UNAUTHORIZED' || code === 'LIST_NOT_FOUND') {
        // The link no longer opens a list (a new server secret, a list gone): back to this browser's own list.
        forgetListLink();
        setLink(null);
        setRows(localRows(null));
        setSource('local');
      } else {
        setRows(localRows(current));
        setSource('offline');
      }
      if (code !== 'NETWORK') setNotice({ kind: 'error', code });
    }
  }, []);

  const adopt = useCallback(async (opened: ListLink): Promise<void> => {
    replaceLocation('/');
    try {
      await adoptList(opened, loadRecent());
      if (alive.current) setNotice({ kind: 'adopted' });
    } catch (error) {
      if (alive.current) setNotice({ kind: 'error', code: codeOf(error) });
    }
  }, []);

  // A list link in the address adopts that list; its token then leaves the address bar. Another list than the
  // one this browser shows waits for the user's choice: switching would hide the current one here.
  useEffect(() => {
    alive.current = true;
    const opened = listLinkFromLocation(window.location.pathname, window.location.hash);
    const current = loadListLink();
    const start = async (): Promise<void> => {
      if (opened && current && current.id !== opened.id) setOffered(opened);
      else if (opened) await adopt(opened);
      await refresh();
    };
    void start();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, ListLimits.refreshMs);
    const onFocus = (): void => void refresh();
    window.addEventListener('focus', onFocus);
    return () => {
      alive.current = false;
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [refresh, adopt]);

  const switchList = async (): Promise<void> => {
    if (!offered) return;
    setOffered(null);
    setNotice(null);
    await adopt(offered);
    await refresh();
  };

  const keepCurrentList = (): void => {
    setOffered(null);
    replaceLocation('/');
  };

  const keepOnServer = async (): Promise<void> => {
    setBusy(true);
    setNotice(null);
    try {
      await startList(loadRecent());
      await refresh();
    } catch (error) {
      setNotice({ kind: 'error', code: codeOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const remove = (row: DocumentRow): void => {
    const entry = loadRecent().find((d) => d.id === row.id);
    let at = -1;
    forgetDocument(row.id);
    setRows((all) => {
      at = all.findIndex((r) => r.id === row.id);
      return all.filter((r) => r.id !== row.id);
    });
    const undo = (): void => {
      setNotice(null);
      restoreRecent(entry ?? { id: row.id, token: row.token, title: row.title, openedAt: Date.now() });
      setRows((all) => {
        if (all.some((r) => r.id === row.id)) return all;
        const next = [...all];
        next.splice(at < 0 ? 0 : Math.min(at, next.length), 0, row);
        return next;
      });
    };
    setNotice({ kind: 'removed', title: row.title, undo });
  };

  const setDeleted = async (row: DocumentRow, deleted: boolean): Promise<void> => {
    setNotice(null);
    try {
      const meta = deleted ? await api.trashDocument(row.id, row.token) : await api.restoreDocument(row.id, row.token);
      setRows((all) =>
        all.map((r) => (r.id === row.id ? { ...r, deleted: meta.deletedAt !== null, updatedAt: meta.updatedAt } : r)),
      );
    } catch (error) {
      setNotice({ kind: 'error', code: codeOf(error) });
    }
  };

  return {
    link,
    rows,
    source,
    notice,
    busy,
    offered,
    switchList: () => void switchList(),
    keepCurrentList,
    keepOnServer,
    remove,
    trash: (row: DocumentRow) => setDeleted(row, true),
    restore: (row: DocumentRow) => setDeleted(row, false),
    dismissNotice: () => setNotice(null),
  };
}
