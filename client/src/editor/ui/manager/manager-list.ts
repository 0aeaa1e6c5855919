import type { ErrorCode } from '@shared/errors';
import type { ApiErrorCode } from '../../../lib/api-client';

/** One answer of a manager's list request. */
export interface ManagerPage<T> {
  items: readonly T[];
  /** Total on the server; null when it did not say. */
  total: number | null;
  /** Raw entries the server sent (dropped ones included), to advance the offset; default items.length. */
  received?: number;
}

/**
 * `page`: one page at a time, replaced by the next (Previous / Next; the old page stays until the new one
 * comes). `more`: pages are appended (infinite scroll; a new query starts from an empty list).
 */
export type ManagerListMode = 'page' | 'more';

export interface ManagerListState<T, Q> {
  query: Q;
  items: readonly T[];
  /** Offset of the first item shown. */
  offset: number;
  /** Raw entries received since `offset`: the next page starts at offset + received. */
  received: number;
  total: number | null;
  /** No more pages after these. */
  done: boolean;
  /** An answer has come (in `more` mode: for this query); an empty list means "nothing there" only then. */
  answered: boolean;
  /** The request under way; a newer one replaces it (the older answer is ignored). */
  request: { seq: number; query: Q; offset: number } | null;
  error: ApiErrorCode | null;
}

export type ManagerListAction<T, Q> =
  | { type: 'query'; update: (query: Q) => Q }
  | { type: 'page'; offset: number }
  | { type: 'more' }
  | { type: 'reload' }
  | { type: 'answer'; seq: number; page: ManagerPage<T> }
  | { type: 'failure'; seq: number; code: ApiErrorCode }
  | { type: 'edit'; edit: (items: readonly T[]) => readonly T[] }
  | { type: 'drop'; id: string };

export interface ManagerListConfig<T> {
  mode: ManagerListMode;
  pageSize: number;
  idOf: (item: T) => string;
  /** Shown when there is nothing to load from (no document session). */
  unavailable: ErrorCode;
}

export function initialListState<T, Q>(query: Q, available: boolean, unavailable: ErrorCode): ManagerListState<T, Q> {
  return {
    query,
    items: [],
    offset: 0,
    received: 0,
    total: null,
    done: false,
    answered: false,
    request: available ? { seq: 1, query, offset: 0 } : null,
    error: available ? null : unavailable,
  };
}

const ask = <T, Q>(state: ManagerListState<T, Q>, query: Q, offset: number): ManagerListState<T, Q>['request'] => ({
  seq: (state.request?.seq ?? 0) + 1,
  query,
  offset,
});

/** The first page of `query`: `more` mode empties the list first, `page` mode keeps it until the answer. */
function restart<T, Q>(
  config: ManagerListConfig<T>,
  available: boolean,
  state: ManagerListState<T, Q>,
  query: Q,
): ManagerListState<T, Q> {
  if (!available) return initialListState(query, false, config.unavailable);
  if (config.mode === 'more')
    return { ...initialListState(query, true, config.unavailable), request: ask(state, query, 0) };
  return { ...state, query, offset: 0, request: ask(state, query, 0) };
}

/** The list's state machine: requests, answers (late ones ignored), failures and local edits. */
export function managerListReducer<T, Q>(
  config: ManagerListConfig<T>,
  available: boolean,
  state: ManagerListState<T, Q>,
  action: ManagerListAction<T, Q>,
): ManagerListState<T, Q> {
  switch (action.type) {
    case 'query': {
      const query = action.update(state.query);
      // Queries are plain data: the same one again changes nothing.
      if (JSON.stringify(query) === JSON.stringify(state.query)) return state;
      return restart(config, available, state, query);
    }
    case 'page':
      if (!available) return state;
      return { ...state, offset: action.offset, request: ask(state, state.query, action.offset) };
    case 'more':
      if (!available || state.request || state.done || state.error !== null) return state;
      return { ...state, request: ask(state, state.query, state.offset + state.received) };
    case 'reload':
      if (config.mode === 'more' || !available) return restart(config, available, state, state.query);
      return { ...state, request: ask(state, state.query, state.offset) };
    case 'answer': {
      if (state.request?.seq !== action.seq) return state;
      const { page } = action;
      const got = page.received ?? page.items.length;
      const append = config.mode === 'more';
      let items = page.items;
      if (append) {
        const seen = new Set(state.items.map(config.idOf));
        items = [...state.items, ...page.items.filter((item) => !seen.has(config.idOf(item)))];
      }
      const received = (append ? state.received : 0) + got;
      const total = page.total ?? (append ? state.total : null);
      const end = state.offset + received;
      const done = (total !== null ? end >= total : got < config.pageSize) || got === 0;
      return { ...state, items, received, total, done, answered: true, request: null, error: null };
    }
    case 'failure':
      if (state.request?.seq !== action.seq) return state;
      return { ...state, request: null, error: action.code };
    case 'edit':
      return { ...state, items: action.edit(state.items) };
    case 'drop': {
      const items = state.items.filter((item) => config.idOf(item) !== action.id);
      if (items.length === state.items.length) return state;
      // The server has one entry fewer: the next page starts one earlier.
      return {
        ...state,
        items,
        received: Math.max(0, state.received - 1),
        total: state.total === null ? null : Math.max(0, state.total - 1),
      };
    }
  }
}
