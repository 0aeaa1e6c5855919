import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { VersionListItem } from '@shared/api/versions';
import type { EditorUiProps } from '../../editor/core/capability';
import { SidePanelHeader } from '../../editor/ui/side-panel';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api-client';
import { panelOf, panelOpenState, useEditable } from './panel-state';
import { errorCode, useVersionDetails, useVersions } from './use-versions';
import { VersionCompare } from './version-compare';
import { formatTime } from './version-format';
import { VersionPreview } from './version-preview';
import { NameForm, VersionRow } from './version-row';
import { restoreIntoEditor } from './version-node';
import { relinkedAnchors } from '../comments';
import { versionHistoryPanelStrings } from './version-history.strings';
import './version-history.css';
import { useStore } from '../../lib/store';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { versionHistory: versionHistoryPanelStrings };

/** While the panel is open, versions the server recorded since are added this often (and on a save). */
const PULL_NEWEST_MS = 30_000;

type View = { kind: 'list' } | { kind: 'preview'; item: VersionListItem } | { kind: 'compare'; item: VersionListItem };

/** The Version History side panel: non-modal, beside the text (over it on a phone); Esc closes it. */
export function VersionHistoryPanel({ editor, context }: EditorUiProps) {
  const open = useStore(panelOpenState(editor));
  return open ? <OpenPanel editor={editor} context={context} /> : null;
}

function OpenPanel({ editor, context }: EditorUiProps) {
  const { t, i18n } = useTranslation();
  const panel = panelOf(editor);
  const session = context.session;
  const canEdit = useEditable(editor);
  const versions = useVersions(session);
  const load = useVersionDetails(session);
  const [view, setView] = useState<View>({ kind: 'list' });
  const [naming, setNaming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const root = useRef<HTMLElement>(null);

  // Focus moves into the panel when it opens.
  useEffect(() => {
    root.current?.focus();
  }, []);

  // New versions appear without a click: after every completed save (an explicit one records a version),
  // when the window gets the focus back, and every PULL_NEWEST_MS (the server records on its own too).
  const { pullNewest } = versions;
  useEffect(() => {
    const status = editor.storage.save?.status;
    let savedAt = status?.get().at ?? 0;
    const unsubscribe = status?.subscribe(() => {
      const now = status.get();
      if (now.state !== 'saved' || now.at === savedAt) return;
      savedAt = now.at;
      pullNewest();
    });
    const timer = setInterval(pullNewest, PULL_NEWEST_MS);
    window.addEventListener('focus', pullNewest);
    return () => {
      unsubscribe?.();
      clearInterval(timer);
      window.removeEventListener('focus', pullNewest);
    };
  }, [editor, pullNewest]);

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    if (view.kind !== 'list') setView({ kind: 'list' });
    else panel.close(editor);
  };

  const failure = (error: unknown): string => t(`errors.${errorCode(error)}`);

  const rename = async (item: VersionListItem, name: string): Promise<string | null> => {
    if (!session) return t('errors.NETWORK');
    try {
      versions.upsert(await api.renameVersion(session.docId, session.token, item.id, name));
      setNotice(t('versionHistory.named'));
      return null;
    } catch (error) {
      return failure(error);
    }
  };

  const nameCurrent = async (name: string): Promise<string | null> => {
    if (!session) return t('errors.NETWORK');
    try {
      versions.upsert(await api.createVersion(session.docId, session.token, { name }));
      setNaming(false);
      setNotice(t('versionHistory.named'));
      return null;
    } catch (error) {
      return failure(error);
    }
  };

  const restore = async (item: VersionListItem): Promise<string | null> => {
    if (!session) return t('errors.NETWORK');
    try {
      const detail = await load(item.id);
      if (!restoreIntoEditor(editor, detail, (node) => relinkedAnchors(editor, node)))
        return t('versionHistory.invalidVersion');
      setNotice(t('versionHistory.restored', { time: formatTime(item.createdAt, i18n.language) }));
    } catch (error) {
      return t('versionHistory.restoreFailed', { error: failure(error) });
    }
    // The restore is done; recording it as a version may fail without undoing it.
    try {
      versions.upsert(await api.createVersion(session.docId, session.token, { reason: 'restore' }));
    } catch (error) {
      console.error('[tandem] the restore could not be recorded as a version', error);
    }
    return null;
  };

  const { status } = versions;
  return (
    <aside
      ref={root}
      className="side-panel version-panel"
      aria-labelledby="version-panel-title"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-readonly={!canEdit || undefined}
    >
      <SidePanelHeader
        titleId="version-panel-title"
        title={t('versionHistory.label')}
        closeLabel={t('versionHistory.close')}
        onClose={() => panel.close(editor)}
      />
      <div className="version-panel-body">
        {notice && (
          <p className="version-notice" role="status">
            {notice}
          </p>
        )}
        {view.kind !== 'list' ? (
          <>
            <button type="button" className="version-back" onClick={() => setView({ kind: 'list' })}>
              ← {t('versionHistory.back')}
            </button>
            {view.kind === 'preview' ? (
              <VersionPreview editor={editor} item={view.item} load={load} />
            ) : (
              <VersionCompare editor={editor} item={view.item} versions={versions.items} load={load} />
            )}
          </>
        ) : (
          <>
            {!canEdit && <p className="version-readonly-note">{t('versionHistory.readOnly')}</p>}
            {canEdit &&
              (naming ? (
                <NameForm initial="" onSave={nameCurrent} onCancel={() => setNaming(false)} />
              ) : (
                <button type="button" className="version-name-current" onClick={() => setNaming(true)}>
                  {t('versionHistory.nameCurrent')}
                </button>
              ))}
            {status.kind === 'ready' && versions.items.length === 0 && <p>{t('versionHistory.empty')}</p>}
            <ol className="version-list" aria-label={t('versionHistory.list')}>
              {versions.items.map((item) => (
                <VersionRow
                  key={item.id}
                  item={item}
                  canEdit={canEdit}
                  onPreview={() => setView({ kind: 'preview', item })}
                  onCompare={() => setView({ kind: 'compare', item })}
                  onRename={(name) => rename(item, name)}
                  onRestore={() => restore(item)}
                />
              ))}
            </ol>
            {status.kind === 'loading' && <p role="status">{t('versionHistory.loading')}</p>}
            {status.kind === 'failed' && (
              <p className="version-error" role="alert">
                {t('versionHistory.loadFailed', { error: t(`errors.${status.code}`) })}{' '}
                <button type="button" onClick={versions.refresh}>
                  {t('versionHistory.retry')}
                </button>
              </p>
            )}
            {status.kind === 'ready' && versions.hasMore && (
              <button type="button" className="version-more" onClick={versions.loadMore}>
                {t('versionHistory.loadMore')}
              </button>
            )}
          </>
        )}
      </div>
    </aside>
  );
}

export default VersionHistoryPanel;
