import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { DocumentLimits } from '@shared/limits';
import { homeImportStrings, useDocumentImport } from '../features/export/home-import';
import { api, ApiError } from '../lib/api-client';
import { navigate } from '../lib/router';
import { loadRecent, rememberDocument, roleOfToken, type RecentDocument } from '../lib/recent-documents';
// Shows `errors.<CODE>` messages: they come with the catalogue.
import '../lib/error-catalogue';
import { homeStrings } from './home.strings';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { home: homeStrings, ...homeImportStrings };

interface Row extends RecentDocument {
  deleted: boolean;
}

/** Create a document; list the ones this browser has opened, with titles from the server. */
export function HomePage() {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [rows, setRows] = useState<Row[]>(() => loadRecent().map((d) => ({ ...d, deleted: false })));
  const importer = useDocumentImport(title);

  useEffect(() => {
    document.title = t('app.name');
  }, [t]);

  useEffect(() => {
    const recent = loadRecent();
    if (recent.length === 0) return;
    api.titles(recent.map((d) => d.token)).then(
      ({ items }) => {
        const byId = new Map(items.map((i) => [i.id, i]));
        setRows(
          recent
            .filter((d) => byId.has(d.id))
            .map((d) => ({ ...d, title: byId.get(d.id)?.title ?? d.title, deleted: byId.get(d.id)?.deleted ?? false })),
        );
      },
      () => undefined,
    );
  }, []);

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
      <h2>{t('home.recent')}</h2>
      {rows.length === 0 ? (
        <p>{t('home.empty')}</p>
      ) : (
        <ul className="doc-list">
          {rows.map((d) => {
            const name = d.title || t('home.untitled');
            return (
              <li key={d.id}>
                <a
                  href={`/d/${encodeURIComponent(d.id)}`}
                  aria-label={t('home.open', { title: name })}
                  onClick={(e) => {
                    e.preventDefault();
                    navigate(`/d/${encodeURIComponent(d.id)}`);
                  }}
                >
                  {name}
                </a>
                {roleOfToken(d.token) === 'viewer' && <span className="badge">{t('home.viewOnly')}</span>}
                {d.deleted && <span className="badge badge-warn">{t('home.deleted')}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}

export default HomePage;
