import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { VersionListItem } from '@shared/api/versions';
import { VersionLimits } from '@shared/limits';
import { useTranslation } from '../../i18n/use-translation';
import { checkName, formatCount, formatTime } from './version-format';

interface NameFormProps {
  initial: string;
  /** Resolves to an error message, or null once saved. */
  onSave: (name: string) => Promise<string | null>;
  onCancel: () => void;
}

/** The inline name field (1..100 characters), with the error under it; Esc cancels. */
export function NameForm({ initial, onSave, onCancel }: NameFormProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const checked = checkName(value, t);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setBusy(true);
    void onSave(checked.name).then((failure) => {
      setBusy(false);
      setError(failure);
    });
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onCancel();
  };
  return (
    <form className="version-name-form" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <input
        aria-label={t('versionHistory.nameLabel')}
        placeholder={t('versionHistory.namePlaceholder')}
        value={value}
        maxLength={VersionLimits.maxNameLength * 2}
        aria-invalid={error !== null}
        onChange={(e) => setValue(e.target.value)}
        autoFocus
      />
      <button type="submit" disabled={busy}>
        {t('versionHistory.save')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('versionHistory.cancel')}
      </button>
      {error && (
        <p className="version-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

interface RowProps {
  item: VersionListItem;
  canEdit: boolean;
  onPreview: () => void;
  onCompare: () => void;
  onRename: (name: string) => Promise<string | null>;
  onRestore: () => Promise<string | null>;
}

/** One version in the list: time, authors, change size, reason, name, and its actions. */
export function VersionRow({ item, canEdit, onPreview, onCompare, onRename, onRestore }: RowProps) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<'idle' | 'rename' | 'confirm' | 'restoring'>('idle');
  const [error, setError] = useState<string | null>(null);
  const time = formatTime(item.createdAt, i18n.language);
  const count = (n: number): string => formatCount(n, i18n.language);
  const restore = (): void => {
    setMode('restoring');
    void onRestore().then((failure) => {
      setError(failure);
      setMode('idle');
    });
  };
  return (
    <li className="version-row" data-version={item.id}>
      <p className="version-row-head">
        <time dateTime={new Date(item.createdAt).toISOString()}>{time}</time>{' '}
        <span className="version-reason">{t(`versionHistory.reason.${item.reason}`)}</span>
      </p>
      <p className={`version-name${item.name ? '' : ' is-unnamed'}`}>{item.name ?? t('versionHistory.unnamed')}</p>
      <p className="version-meta">
        <span>
          {item.authors.length > 0
            ? t('versionHistory.byAuthors', { authors: item.authors.join(', ') })
            : t('versionHistory.noAuthors')}
        </span>{' '}
        <span
          className="version-size"
          aria-label={t('versionHistory.changeLabel', { inserted: count(item.inserted), deleted: count(item.deleted) })}
        >
          {t('versionHistory.change', { inserted: count(item.inserted), deleted: count(item.deleted) })}
        </span>
      </p>
      {mode === 'rename' ? (
        <NameForm
          initial={item.name ?? ''}
          onCancel={() => setMode('idle')}
          onSave={async (name) => {
            const failure = await onRename(name);
            if (failure === null) setMode('idle');
            return failure;
          }}
        />
      ) : mode === 'confirm' || mode === 'restoring' ? (
        <div className="version-confirm" role="group" aria-label={t('versionHistory.restore')}>
          <p>{t('versionHistory.restoreConfirm', { time })}</p>
          <button type="button" className="is-primary" disabled={mode === 'restoring'} onClick={restore} autoFocus>
            {mode === 'restoring' ? t('versionHistory.restoring') : t('versionHistory.restoreYes')}
          </button>
          <button type="button" disabled={mode === 'restoring'} onClick={() => setMode('idle')}>
            {t('versionHistory.cancel')}
          </button>
        </div>
      ) : (
        <p className="version-actions">
          <button type="button" onClick={onPreview}>
            {t('versionHistory.preview')}
          </button>
          <button type="button" onClick={onCompare}>
            {t('versionHistory.compare')}
          </button>
          {canEdit && (
            <>
              <button type="button" onClick={() => setMode('rename')}>
                {item.name ? t('versionHistory.rename') : t('versionHistory.name')}
              </button>
              <button type="button" onClick={() => setMode('confirm')}>
                {t('versionHistory.restore')}
              </button>
            </>
          )}
        </p>
      )}
      {error && (
        <p className="version-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
