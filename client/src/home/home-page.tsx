import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { DocumentLimits, ListLimits } from '@shared/limits';
import { homeImportStrings, useDocumentImport } from '../features/export/home-import';
import { api, ApiError } from '../lib/api-client';
import { pendingPuts } from '../lib/my-documents';
import { navigate } from '../lib/router';
import { rememberDocument } from '../lib/recent-documents';
// Shows `errors.<CODE>` messages: they come with the catalogue.
import '../lib/error-catalogue';
import { DocumentList } from './document-list';
import { homeStrings } from './home.strings';
import { ListLinkPanel } from './list-link-panel';
import { ListSwitchPanel } from './list-switch-panel';
import { useMyDocuments, type Notice } from './use-my-documents';
import './home.css';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { home: homeStrings, ...homeImportStrings };

function NoticeLine({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const { t } = useTranslation();
  const text =
    notice.kind === 'error'
      ? t(`errors.${notice.code}`)
      : notice.kind === 'full'
        ? t('home.full', { max: ListLimits.maxItems })
        : notice.kind === 'removed'
          ? t('home.removed', { title: notice.title || t('home.untitled') })
          : t('home.adopted');
  return (
    <p
      className={`home-notice${notice.kind === 'error' ? ' home-notice-error' : ''}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
    >
      <span>{text}</span>
      {notice.kind === 'removed' && (
        // The row's Remove button is gone with the row: the focus goes where the next step is.
        <button type="button" autoFocus onClick={notice.undo}>
          {t('home.undo')}
        </button>
      )}
      <button type="button" onClick={onDismiss}>
        {t('home.dismiss')}
      </button>
    </p>
  );
}

/** Create a document; list the ones this browser has opened (or its "My documents" list), with server data. */
export function HomePage() {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const importer = useDocumentImport(title);
  const mine = useMyDocuments();
  const unsynced = new Set(mine.link ? pendingPuts().map((p) => p.id) : []);

  useEffect(() => {
    document.title = t('app.name');
  }, [t]);

  const create = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await api.createDocument(title.trim());
      rememberDocument(created.id, created.editorToken, created.title, created.viewerToken);
      navigate(`/d/${encodeURIComponent(created.id)}#token=${encodeURIComponent(created.editorToken)}`);
    } catch (e) {
      setError(e instanceof ApiError ? e : new ApiError('INTERNAL', 0));
      setBusy(false);
    }
  };

  return (
    <main className="home">
      <h1>{t('home.title')}</h1>
      <form className="create-form" onSubmit={(e) => void create(e)}>
        <input
          aria-label={t('home.newTitle')}
          placeholder={t('home.newTitle')}
          value={title}
          maxLength={DocumentLimits.maxTitleChars}
          onChange={(e) => setTitle(e.target.value)}
        />
        <button type="submit" disabled={busy}>
          {busy ? t('home.creating') : t('home.create')}
        </button>
        {importer.button}
      </form>
      {error && <p role="alert">{t(`errors.${error.code}`)}</p>}
      {importer.error}
      {mine.offered && <ListSwitchPanel onSwitch={mine.switchList} onKeep={mine.keepCurrentList} />}
      <ListLinkPanel link={mine.link} busy={mine.busy} onKeep={() => void mine.keepOnServer()} />
      {mine.notice && <NoticeLine notice={mine.notice} onDismiss={mine.dismissNotice} />}
      <h2>{mine.link ? t('home.mine') : t('home.recent')}</h2>
      {mine.source === 'offline' && <p className="home-offline">{t('home.offline')}</p>}
      <DocumentList
        rows={mine.rows}
        unsynced={unsynced}
        onRemove={mine.remove}
        onTrash={(row) => void mine.trash(row)}
        onRestore={(row) => void mine.restore(row)}
      />
    </main>
  );
}

export default HomePage;
