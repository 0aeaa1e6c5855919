import type { TitlesResponse } from '@shared/api/documents';
import type { ListItem, ListItemPresence } from '@shared/api/lists';
import type { RecentDocument } from '../lib/recent-documents';
import { roleOfToken, type TokenRole } from '../lib/recent-documents';

/** One document on the home page, from this browser's list, the server's list, or both. */
export interface DocumentRow {
  id: string;
  token: string;
  title: string;
  role: TokenRole;
  /** Last change (ISO 8601) as the server last said; null when not known yet. */
  updatedAt: string | null;
  deleted: boolean;
  /** Who is in it now; null when the server was not asked (no list link, or offline). */
  present: ListItemPresence | null;
}

export type SortKey = 'updated' | 'title';

/** Without a list link: this browser's documents, completed by the titles answer when there is one. */
export function rowsFromRecent(recent: readonly RecentDocument[], titles: TitlesResponse | null): DocumentRow[] {
  const byId = new Map(titles?.items.map((i) => [i.id, i]));
  return (
    recent
      // Once the server answered, documents it no longer knows (purged) leave the page.
      .filter((d) => titles === null || byId.has(d.id))
      .map((d) => {
        const known = byId.get(d.id);
        return {
          id: d.id,
          token: d.token,
          title: known?.title ?? d.title,
          role: roleOfToken(d.token),
          updatedAt: known?.updatedAt ?? null,
          deleted: known?.deleted ?? false,
          present: null,
        };
      })
  );
}

/**
 * With a list link: the server's list (`live`: just fetched, else its last copy), then the documents queued
 * for it that it does not have yet, with what this browser knows of them.
 */
export function rowsFromList(
  items: readonly ListItem[],
  live: boolean,
  queued: readonly { id: string; token: string }[],
  recent: readonly RecentDocument[],
): DocumentRow[] {
  const rows: DocumentRow[] = items.map((i) => ({
    id: i.id,
    token: i.token,
    title: i.title,
    role: i.role,
    updatedAt: i.updatedAt,
    deleted: i.deleted,
    present: live ? i.present : null,
  }));
  const listed = new Set(rows.map((r) => r.id));
  for (const q of queued) {
    if (listed.has(q.id)) continue;
    listed.add(q.id);
    const local = recent.find((d) => d.id === q.id);
    rows.push({
      id: q.id,
      token: q.token,
      title: local?.title ?? '',
      role: roleOfToken(q.token),
      updatedAt: null,
      deleted: false,
      present: null,
    });
  }
  return rows;
}

/**
 * The rows whose shown title contains `query` (case-insensitive), sorted by last change (newest first,
 * unknown last) or by title; `shownTitle` gives untitled documents their translated name.
 */
export function visibleRows(
  rows: readonly DocumentRow[],
  query: string,
  sort: SortKey,
  shownTitle: (row: DocumentRow) => string,
  locale: string,
): DocumentRow[] {
  const needle = query.trim().toLocaleLowerCase(locale);
  const byTitle = (a: DocumentRow, b: DocumentRow): number =>
    shownTitle(a).localeCompare(shownTitle(b), locale, { sensitivity: 'base', numeric: true });
  const time = (r: DocumentRow): number => (r.updatedAt === null ? -Infinity : Date.parse(r.updatedAt));
  return rows
    .filter((r) => needle === '' || shownTitle(r).toLocaleLowerCase(locale).includes(needle))
    .sort((a, b) => (sort === 'title' ? byTitle(a, b) : time(b) - time(a) || byTitle(a, b)));
}
