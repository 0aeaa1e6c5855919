import { useCallback, useEffect, useEffectEvent, useMemo, useReducer } from 'react';
import type { ErrorCode } from '@shared/errors';
import type { ApiErrorCode } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-helpers';
import {
  initialListState,
  managerListReducer,
  type ManagerListConfig,
  type ManagerListState,
  type ManagerPage,
} from './manager-list';

export interface ManagerListOptions<T, Q> extends ManagerListConfig<T> {
  initialQuery: Q;
  /** Loads the page at `offset`; null when there is nothing to load from (then `unavailable` shows). */
  load: ((query: Q, offset: number, signal: AbortSignal) => Promise<ManagerPage<T>>) | null;
  /** The code of a failure that is not an ApiError. */
  failed: ErrorCode;
}

export interface ManagerList<T, Q> {
  query: Q;
  items: readonly T[];
  offset: number;
  total: number | null;
  done: boolean;
  answered: boolean;
  loading: boolean;
  error: ApiErrorCode | null;
  /** A new query (plain data): the list starts again at its first page; the same query changes nothing. */
  setQuery: (update: (query: Q) => Q) => void;
  /** `page` mode: shows the page at `offset`. */
  showPage: (offset: number) => void;
  /** `more` mode: appends the next page (not while loading, at the end or after a failure). */
  more: () => void;
  /** The current page again (`page` mode) or the list from its start (`more` mode, e.g. Retry). */
  reload: () => void;
  /** Changes loaded items here (a retag, a broken image left out). */
  edit: (edit: (items: readonly T[]) => readonly T[]) => void;
  /** Leaves out an item the server no longer has (the next page starts one earlier). */
  drop: (id: string) => void;
}

/** The list state of a manager modal (image manager, files manager): paging, fetching and its errors. */
export function useManagerList<T, Q>(options: ManagerListOptions<T, Q>): ManagerList<T, Q> {
  const { mode, pageSize, idOf, unavailable, failed, load } = options;
  const available = load !== null;
  const config = useMemo(() => ({ mode, pageSize, idOf, unavailable }), [mode, pageSize, idOf, unavailable]);
  const [state, dispatch] = useReducer(
    (current: ManagerListState<T, Q>, action: Parameters<typeof managerListReducer<T, Q>>[3]) =>
      managerListReducer(config, available, current, action),
    undefined,
    () => initialListState<T, Q>(options.initialQuery, available, unavailable),
  );

  const fetchPage = useEffectEvent((query: Q, offset: number, signal: AbortSignal) =>
    load ? load(query, offset, signal) : Promise.reject(new Error('nothing to load from')),
  );
  const request = state.request;
  useEffect(() => {
    if (!request) return undefined;
    const abort = new AbortController();
    fetchPage(request.query, request.offset, abort.signal).then(
      (page) => {
        if (!abort.signal.aborted) dispatch({ type: 'answer', seq: request.seq, page });
      },
      (failure: unknown) => {
        if (abort.signal.aborted) return;
        dispatch({ type: 'failure', seq: request.seq, code: isApiError(failure) ? failure.code : failed });
      },
    );
    return () => abort.abort();
  }, [request, failed]);

  return {
    query: state.query,
    items: state.items,
    offset: state.offset,
    total: state.total,
    done: state.done,
    answered: state.answered,
    loading: state.request !== null,
    error: state.error,
    setQuery: useCallback((update: (query: Q) => Q) => dispatch({ type: 'query', update }), []),
    showPage: useCallback((offset: number) => dispatch({ type: 'page', offset }), []),
    more: useCallback(() => dispatch({ type: 'more' }), []),
    reload: useCallback(() => dispatch({ type: 'reload' }), []),
    edit: useCallback((edit: (items: readonly T[]) => readonly T[]) => dispatch({ type: 'edit', edit }), []),
    drop: useCallback((id: string) => dispatch({ type: 'drop', id }), []),
  };
}
