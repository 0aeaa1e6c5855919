import { describe, expect, it } from 'vitest';
import type { ListItem } from '@shared/api/lists';
import { rowsFromList, rowsFromRecent, visibleRows, type DocumentRow } from './document-rows';

const recent = [
  { id: 'a', token: 'v1.a.e.s', title: 'alpha', openedAt: 2 },
  { id: 'b', token: 'v1.b.v.s', title: '', openedAt: 1 },
];

const listItem = (id: string, title: string, updatedAt: string): ListItem => ({
  id,
  token: `v1.${id}.e.s`,
  role: 'editor',
  title,
  updatedAt,
  deleted: false,
  present: { count: 1, names: ['Ada'] },
  addedAt: updatedAt,
});

describe('document rows', () => {
  it('takes this browser documents, with server titles once known and without purged ones', () => {
    expect(rowsFromRecent(recent, null).map((r) => [r.id, r.title, r.role, r.updatedAt])).toEqual([
      ['a', 'alpha', 'editor', null],
      ['b', '', 'viewer', null],
    ]);
    const rows = rowsFromRecent(recent, {
      items: [{ id: 'a', title: 'Alpha', deleted: true, updatedAt: '2026-01-01T00:00:00.000Z' }],
    });
    expect(rows).toEqual([
      {
        id: 'a',
        token: 'v1.a.e.s',
        title: 'Alpha',
        role: 'editor',
        updatedAt: '2026-01-01T00:00:00.000Z',
        deleted: true,
        present: null,
      },
    ]);
  });

  it('takes the server list, then queued documents it lacks; presence only when live', () => {
    const items = [listItem('x', 'X', '2026-01-02T00:00:00.000Z')];
    const live = rowsFromList(
      items,
      true,
      [
        { id: 'a', token: 'v1.a.e.s' },
        { id: 'x', token: 'v1.x.e.s' },
      ],
      recent,
    );
    expect(live.map((r) => [r.id, r.title, r.present?.count ?? null])).toEqual([
      ['x', 'X', 1],
      ['a', 'alpha', null],
    ]);
    expect(rowsFromList(items, false, [], recent)[0]?.present).toBeNull();
  });

  it('searches titles without regard to case and sorts by last change or title', () => {
    const rows: DocumentRow[] = [
      listItem('1', 'banana', '2026-01-01T00:00:00.000Z'),
      listItem('2', 'Apple', '2026-03-01T00:00:00.000Z'),
      listItem('3', 'cherry', '2026-02-01T00:00:00.000Z'),
      { ...listItem('4', '', '2026-01-01T00:00:00.000Z'), updatedAt: null },
    ].map((i) => ({ ...i, present: null }));
    const shown = (r: DocumentRow): string => r.title || 'Untitled';
    expect(visibleRows(rows, '', 'updated', shown, 'en').map((r) => r.id)).toEqual(['2', '3', '1', '4']);
    expect(visibleRows(rows, '', 'title', shown, 'en').map((r) => r.id)).toEqual(['2', '1', '3', '4']);
    expect(visibleRows(rows, ' AN ', 'title', shown, 'en').map((r) => r.id)).toEqual(['1']);
    expect(visibleRows(rows, 'untitled', 'title', shown, 'en').map((r) => r.id)).toEqual(['4']);
  });
});
