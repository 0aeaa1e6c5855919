import type { CSSProperties } from 'react';
import type { TFunction } from 'i18next';
import { displayName } from '../../lib/display-name';
import type { SuggestionEntry } from './suggestion-actions';
import { authorColor } from './suggestion-colors';

/** The longest excerpt of a suggestion's text the panel shows. */
const EXCERPT_CHARS = 120;

const excerpt = (text: string): string =>
  text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : text;

/** The author as this UI shows it (default names translated; "Someone" for a mark without one). */
export const authorLabel = (author: string | null, t: TFunction): string =>
  author === null ? t('suggestions.someone') : displayName(author, t);

/** The author's colour as a CSS variable for the element and its children. */
export const colorStyle = (author: string | null): CSSProperties =>
  ({ '--suggestion-color': author === null ? '#495057' : authorColor(author) }) as CSSProperties;

const KIND_KEYS = {
  insertion: 'suggestions.kindInsertion',
  deletion: 'suggestions.kindDeletion',
  replacement: 'suggestions.kindReplacement',
} as const;

/** The changed text: inserted underlined, deleted struck through (a break alone is named). */
function ChangedText({ entry, t }: { entry: SuggestionEntry; t: TFunction }) {
  const inserted = excerpt(entry.inserted);
  const deleted = excerpt(entry.deleted);
  const none = <em>{t('suggestions.paragraphBreak')}</em>;
  if (entry.kind === 'insertion') return <ins>{inserted || none}</ins>;
  if (entry.kind === 'deletion') return <del>{deleted || none}</del>;
  return (
    <>
      <del>{deleted || none}</del> → <ins>{inserted || none}</ins>
    </>
  );
}

/** One suggestion in the panel: author, kind, the changed text (a click shows it in the text), Accept and Reject. */
export function SuggestionCard({
  entry,
  current,
  canDecide,
  canComment,
  t,
  onShow,
  onAccept,
  onReject,
  onComment,
}: {
  entry: SuggestionEntry;
  current: boolean;
  canDecide: boolean;
  /** This reader may open a comment thread on the suggestion (its discussion). */
  canComment: boolean;
  t: TFunction;
  onShow: () => void;
  onAccept: () => void;
  onReject: () => void;
  onComment: () => void;
}) {
  const name = authorLabel(entry.author, t);
  return (
    <li
      className="suggestion-card"
      data-suggestion-card={entry.id}
      data-current={current || undefined}
      style={colorStyle(entry.author)}
    >
      <div className="suggestion-card-meta">
        <span className="suggestion-card-author">{name}</span>
        <span className="suggestion-card-kind">{t(KIND_KEYS[entry.kind])}</span>
      </div>
      <button type="button" className="suggestion-card-text" title={t('suggestions.show')} onClick={onShow}>
        <ChangedText entry={entry} t={t} />
      </button>
      {(canDecide || canComment) && (
        <div className="suggestion-card-actions">
          {canDecide && (
            <>
              <button type="button" aria-label={t('suggestions.acceptLabel', { name })} onClick={onAccept}>
                {t('suggestions.accept')}
              </button>
              <button type="button" aria-label={t('suggestions.rejectLabel', { name })} onClick={onReject}>
                {t('suggestions.reject')}
              </button>
            </>
          )}
          {canComment && (
            <button type="button" aria-label={t('suggestions.commentLabel', { name })} onClick={onComment}>
              {t('suggestions.comment')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
