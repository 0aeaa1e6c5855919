import { useId, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { RotateCcw, Trash2, X } from 'lucide-react';
import type { ListItemPresence } from '@shared/api/lists';
import { useTranslation } from '../i18n/use-translation';
import { displayName } from '../lib/display-name';
import { navigate } from '../lib/router';
import { visibleRows, type DocumentRow, type SortKey } from './document-rows';

export interface DocumentListProps {
  rows: readonly DocumentRow[];
  /** Rows the server list does not have yet (shown with a badge). */
  unsynced: ReadonlySet<string>;
  onRemove: (row: DocumentRow) => void;
  onTrash: (row: DocumentRow) => void;
  onRestore: (row: DocumentRow) => void;
}

function presenceText(present: ListItemPresence, t: TFunction, locale: string): string {
  const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    present.names.map((n) => displayName(n, t)),
  );
  if (present.names.length === 0) return t('home.presentCount', { count: present.count });
  const more = present.count - present.names.length;
  return more > 0 ? t('home.presentMore', { names, count: more }) : t('home.present', { names });
}

/** Opens a row's document with the token the list holds for it (the editor remembers it). */
function open(row: DocumentRow): void {
  navigate(`/d/${encodeURIComponent(row.id)}#token=${encodeURIComponent(row.token)}`);
}

function Row({ row, unsynced, props }: { row: DocumentRow; unsynced: boolean; props: DocumentListProps }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const name = row.title || t('home.untitled');
  const when = row.updatedAt
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(row.updatedAt))
    : null;
  return (
    <li className="doc-row" data-doc-id={row.id}>
      <div className="doc-row-main">
        <a
          href={`/d/${encodeURIComponent(row.id)}`}
          aria-label={t('home.open', { title: name })}
          onClick={(e) => {
            e.preventDefault();
            open(row);
          }}
        >
          {name}
        </a>
        {row.role === 'viewer' && <span className="badge">{t('home.viewOnly')}</span>}
        {row.role === 'commenter' && <span className="badge">{t('home.canComment')}</span>}
        {row.deleted && <span className="badge badge-warn">{t('home.deleted')}</span>}
        {unsynced && <span className="badge badge-muted">{t('home.notSynced')}</span>}
      </div>
      <div className="doc-row-meta">
        {when && <span>{t('home.changed', { time: when })}</span>}
        {row.present && row.present.count > 0 && (
          <span className="doc-row-present">{presenceText(row.present, t, locale)}</span>
        )}
      </div>
      <div className="doc-row-actions">
        {row.role === 'editor' &&
          (row.deleted ? (
            <button
              type="button"
              aria-label={t('home.restoreLabel', { title: name })}
              onClick={() => props.onRestore(row)}
            >
              <RotateCcw size={16} aria-hidden="true" />
              <span>{t('home.restore')}</span>
            </button>
          ) : (
            <button type="button" aria-label={t('home.trashLabel', { title: name })} onClick={() => props.onTrash(row)}>
              <Trash2 size={16} aria-hidden="true" />
              <span>{t('home.trash')}</span>
            </button>
          ))}
        <button type="button" aria-label={t('home.removeLabel', { title: name })} onClick={() => props.onRemove(row)}>
          <X size={16} aria-hidden="true" />
          <span>{t('home.remove')}</span>
        </button>
      </div>
    </li>
  );
}

/** The documents with a search field and a sort order. */
export function DocumentList(props: DocumentListProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortKey>('updated');
  const locale = i18n.resolvedLanguage ?? 'en';
  const shown = useMemo(
    () => visibleRows(props.rows, query, sort, (r) => r.title || t('home.untitled'), locale),
    [props.rows, query, sort, t, locale],
  );
  if (props.rows.length === 0) return <p>{t('home.empty')}</p>;
  return (
    <>
      <div className="doc-list-tools">
        <input
          type="search"
          aria-label={t('home.search')}
          placeholder={t('home.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <span className="doc-list-sort">
          <label htmlFor={`${id}-sort`}>{t('home.sort')}</label>
          <select id={`${id}-sort`} value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
            <option value="updated">{t('home.sortUpdated')}</option>
            <option value="title">{t('home.sortTitle')}</option>
          </select>
        </span>
      </div>
      {shown.length === 0 ? (
        <p>{t('home.noMatch', { query: query.trim() })}</p>
      ) : (
        <ul className="doc-list">
          {shown.map((row) => (
            <Row key={row.id} row={row} unsynced={props.unsynced.has(row.id)} props={props} />
          ))}
        </ul>
      )}
    </>
  );
}
