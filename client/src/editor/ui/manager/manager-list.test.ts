import { describe, expect, it } from 'vitest';
import {
  initialListState,
  managerListReducer,
  type ManagerListAction,
  type ManagerListConfig,
  type ManagerListState,
} from './manager-list';

interface Item {
  id: string;
}
type Query = { tag: string | null };
const items = (...ids: string[]): Item[] => ids.map((id) => ({ id }));
const config = (mode: 'page' | 'more'): ManagerListConfig<Item> => ({
  mode,
  pageSize: 2,
  idOf: (item) => item.id,
  unavailable: 'IMAGE_MANAGER_NO_LOAD_URL',
});

function run(
  mode: 'page' | 'more',
  actions: (state: ManagerListState<Item, Query>) => ManagerListAction<Item, Query> | null,
  steps: number,
  available = true,
): ManagerListState<Item, Query> {
  let state = initialListState<Item, Query>({ tag: null }, available, 'IMAGE_MANAGER_NO_LOAD_URL');
  for (let i = 0; i < steps; i++) {
    const action = actions(state);
    if (action) state = managerListReducer(config(mode), available, state, action);
  }
  return state;
}

const answer = (
  state: ManagerListState<Item, Query>,
  page: Item[],
  total: number | null,
): ManagerListAction<Item, Query> => ({
  type: 'answer',
  seq: state.request?.seq ?? -1,
  page: { items: page, total },
});

describe('manager list', () => {
  it('starts with its first request, or with the "unavailable" error when there is nothing to load from', () => {
    expect(initialListState({ tag: null }, true, 'INTERNAL').request).toMatchObject({ offset: 0 });
    const none = initialListState({ tag: null }, false, 'IMAGE_MANAGER_NO_LOAD_URL');
    expect(none.request).toBeNull();
    expect(none.error).toBe('IMAGE_MANAGER_NO_LOAD_URL');
  });

  it('appends pages without duplicates in `more` mode and stops at the total', () => {
    const pages = [items('a', 'b'), items('b', 'c')];
    let n = 0;
    const state = run('more', (s) => (s.request ? answer(s, pages[n++] ?? [], 3) : { type: 'more' }), 4);
    expect(state.items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(state.done).toBe(true);
    expect(managerListReducer(config('more'), true, state, { type: 'more' })).toBe(state);
  });

  it('ignores a late answer once another request has started', () => {
    const first = initialListState<Item, Query>({ tag: null }, true, 'INTERNAL');
    const late = answer(first, items('old'), null);
    const next = managerListReducer(config('more'), true, first, {
      type: 'query',
      update: () => ({ tag: 'cats' }),
    });
    expect(managerListReducer(config('more'), true, next, late)).toBe(next);
    expect(next.query).toEqual({ tag: 'cats' });
  });

  it('keeps the shown page while the next one loads in `page` mode, and the last page on a failure', () => {
    let state = initialListState<Item, Query>({ tag: null }, true, 'INTERNAL');
    state = managerListReducer(config('page'), true, state, answer(state, items('a', 'b'), 4));
    state = managerListReducer(config('page'), true, state, { type: 'page', offset: 2 });
    expect(state.offset).toBe(2);
    expect(state.items.map((i) => i.id)).toEqual(['a', 'b']);
    const seq = state.request?.seq ?? -1;
    state = managerListReducer(config('page'), true, state, {
      type: 'failure',
      seq,
      code: 'FILES_MANAGER_LOAD_FAILED',
    });
    expect(state.error).toBe('FILES_MANAGER_LOAD_FAILED');
    expect(state.items).toHaveLength(2);
    state = managerListReducer(config('page'), true, state, { type: 'reload' });
    state = managerListReducer(config('page'), true, state, answer(state, items('c', 'd'), 4));
    expect(state.error).toBeNull();
    expect(state.items.map((i) => i.id)).toEqual(['c', 'd']);
  });

  it('changes nothing for the same query, and a deleted item moves the next page one back', () => {
    let state = initialListState<Item, Query>({ tag: null }, true, 'INTERNAL');
    state = managerListReducer(config('more'), true, state, answer(state, items('a', 'b'), 5));
    expect(managerListReducer(config('more'), true, state, { type: 'query', update: (q) => ({ ...q }) })).toBe(state);
    state = managerListReducer(config('more'), true, state, { type: 'drop', id: 'a' });
    expect(state).toMatchObject({ received: 1, total: 4 });
    expect(state.items.map((i) => i.id)).toEqual(['b']);
  });
});
