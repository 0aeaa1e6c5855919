import { useEffect } from 'react';
import type { Editor } from '@tiptap/core';
import { useTranslation } from '../../i18n/use-translation';
import type { EditorUiProps } from '../../editor/core/capability';
import { exportActions, preloadExportActionsWhenIdle } from './export-choices';
import { setExportStatus, useExportStatus, type StatusMessage } from './export-status';
import { hasPendingImport, takePendingImport } from './pending-import';
import './export-status.css';
// Shows `errors.<CODE>` messages: they come with the catalogue.
import '../../lib/error-catalogue';
import { exportActionStrings } from './export.strings';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { export: exportActionStrings };
// The English strings this part shows come with it.

/** The collaboration provider's sync flag and event, read off the caret extension (null without one). */
function syncSource(editor: Editor): {
  synced: boolean;
  on: (e: 'sync', f: (s: boolean) => void) => void;
  off: (e: 'sync', f: (s: boolean) => void) => void;
} | null {
  const caret = editor.extensionManager.extensions.find((e) => e.name === 'collaborationCaret');
  const provider: unknown = caret?.options.provider;
  if (typeof provider !== 'object' || provider === null) return null;
  const p = provider as Record<string, unknown>;
  if (typeof p.synced !== 'boolean' || typeof p.on !== 'function' || typeof p.off !== 'function') return null;
  return provider as ReturnType<typeof syncSource>;
}

/** Puts a home-page import into its new document once the editor holds the server's (empty) copy. */
function usePendingImport({ editor, context }: EditorUiProps): void {
  const docId = context.session?.docId;
  useEffect(() => {
    if (!docId || !hasPendingImport(docId)) return undefined;
    const source = syncSource(editor);
    let live = true;
    const insert = (): void => {
      if (!live) return;
      const content = takePendingImport(docId);
      if (!content) return;
      setExportStatus(editor, { kind: 'import', name: content.title });
      exportActions().then(
        ({ insertIntoEditor, importErrorMessage }) =>
          insertIntoEditor(editor, context, content).then(
            () => setExportStatus(editor, { kind: 'idle' }),
            (error: unknown) => setExportStatus(editor, { kind: 'error', message: importErrorMessage(error) }),
          ),
        () => setExportStatus(editor, { kind: 'error', message: { key: 'app.loadFailed' } }),
      );
    };
    if (!source || source.synced) {
      insert();
      return () => {
        live = false;
      };
    }
    const onSync = (synced: boolean): void => {
      if (synced) insert();
    };
    source.on('sync', onSync);
    return () => {
      live = false;
      source.off('sync', onSync);
    };
  }, [editor, context, docId]);
}

function useMessage(): (message: StatusMessage) => string {
  const { t } = useTranslation();
  return ({ key, params, keyParams }) =>
    t(key, {
      ...params,
      ...Object.fromEntries(Object.entries(keyParams ?? {}).map(([name, k]) => [name, t(k)])),
    });
}

/** The progress of a download or import (with Cancel), or why the last one failed. */
export function ExportOverlay(props: EditorUiProps) {
  const { editor } = props;
  usePendingImport(props);
  // Fetched when idle, so downloads and imports also start offline (the server call then explains).
  useEffect(() => preloadExportActionsWhenIdle(), []);
  const { t } = useTranslation();
  const message = useMessage();
  const status = useExportStatus(editor);
  if (status.kind === 'idle') return null;
  if (status.kind === 'error') {
    return (
      <div className="export-status is-error" role="alert">
        <span className="export-status-text">{message(status.message)}</span>
        <button type="button" className="ui-button" onClick={() => setExportStatus(editor, { kind: 'idle' })}>
          {t('export.dismiss')}
        </button>
      </div>
    );
  }
  if (status.kind === 'import') {
    return (
      <div className="export-status" role="status">
        <span className="export-status-text">{t('export.importing', { name: status.name })}</span>
        <progress className="export-status-bar" aria-label={t('export.importProgress')} />
      </div>
    );
  }
  const { progress } = status;
  const format = message(status.format);
  const percent = progress.total ? Math.min(100, Math.round((progress.received / progress.total) * 100)) : null;
  const text = !progress.started
    ? t('export.preparing', { format })
    : percent === null
      ? t('export.downloading', { format })
      : t('export.downloadingPercent', { format, percent });
  return (
    <div className="export-status" role="status" data-started={progress.started}>
      <span className="export-status-text">{text}</span>
      {/* Indeterminate while the server renders; then the share of Content-Length received. */}
      {percent === null ? (
        <progress className="export-status-bar" aria-label={t('export.progress')} />
      ) : (
        <progress className="export-status-bar" aria-label={t('export.progress')} max={100} value={percent} />
      )}
      <button type="button" className="ui-button" onClick={status.cancel}>
        {t('export.cancel')}
      </button>
    </div>
  );
}

export default ExportOverlay;
