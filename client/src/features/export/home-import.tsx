import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { DocumentLimits } from '@shared/limits';
import { api, ApiError } from '../../lib/api-client';
import { rememberDocument } from '../../lib/recent-documents';
import { navigate } from '../../lib/router';
import { exportActions } from './export-choices';
import type { StatusMessage } from './export-status';
import { importAccept, pickFile } from './pick-file';
import { setPendingImport } from './pending-import';
import './home-import.css';
// Shows `errors.<CODE>` messages: they come with the catalogue.
import '../../lib/error-catalogue';
// The English strings this part shows come with it.
import { exportActionStrings } from './export.strings';

/**
 * "Import document…" on the home page: reads an HTML, Markdown or Word file, creates a document through
 * the API and opens it; the editor puts the content in once it has synced (an edit like any other).
 * A file that cannot be imported creates nothing. The button goes beside "New document", the error
 * below the form.
 */
export function useDocumentImport(title: string): { button: ReactNode; error: ReactNode } {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<StatusMessage | null>(null);

  const run = async (): Promise<void> => {
    const file = await pickFile(importAccept);
    setBusy(true);
    setError(null);
    // The readers' chunk; if it cannot be fetched the message says so (see importErrorMessage).
    let actions: Awaited<ReturnType<typeof exportActions>> | null = null;
    try {
      actions = await exportActions();
      const content = await actions.readForImport(file);
      const name = (title.trim() || content.title).slice(0, DocumentLimits.maxTitleChars);
      const created = await api.createDocument(name);
      rememberDocument(created.id, created.editorToken, created.title, created.viewerToken);
      setPendingImport(created.id, content);
      navigate(`/d/${encodeURIComponent(created.id)}#token=${encodeURIComponent(created.editorToken)}`);
    } catch (e) {
      setError(
        actions
          ? actions.importErrorMessage(e)
          : e instanceof ApiError
            ? { key: `errors.${e.code}` }
            : { key: 'app.loadFailed' },
      );
      setBusy(false);
    }
  };

  return {
    button: (
      <button type="button" className="home-import-button" disabled={busy} onClick={() => void run()}>
        {busy ? t('export.home.importing') : t('export.home.import')}
      </button>
    ),
    error: error && (
      <p role="alert" className="home-import-error">
        {t(error.key, {
          ...error.params,
          ...Object.fromEntries(Object.entries(error.keyParams ?? {}).map(([k, v]) => [k, t(v)])),
        })}
      </p>
    ),
  };
}

/** English strings the import brings to the home page's chunk (editor/core/lazy adds them with it). */
export const homeImportStrings = { export: exportActionStrings };
