import { useSyncExternalStore } from 'react';
import type { EditorUiProps } from '../../editor/core/capability';
import { useTranslation } from '../../i18n/use-translation';
import type { SaveStatusView } from './save-status-store';
import './save.css';

const EMPTY = (): (() => void) => () => undefined;
const IDLE = (): SaveStatusView => ({ state: 'idle', at: 0, error: null, offline: false, offlineSaves: 0 });

/** "Saving…", "Saved at 14:32", "Not saved (retrying)", offline where the changes are, beside the counters; the save errors 1 and 2. */
export function SaveStatus({ editor }: EditorUiProps) {
  const { t, i18n } = useTranslation();
  const store = editor.storage.save?.status;
  const view = useSyncExternalStore(store?.subscribe ?? EMPTY, store?.get ?? IDLE);
  let text = '';
  // Offline nothing can be saved, and that is no failure: say where the changes are (Save 1 and 2 stay for real ones).
  if (view.offline) text = t('save.offline');
  else if (view.state === 'saving') text = t('save.saving');
  else if (view.state === 'retrying') text = t('save.retrying');
  else if (view.state === 'saved' && view.at > 0) {
    const time = new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }).format(view.at);
    text = t('save.savedAt', { time });
  }
  const error =
    view.error && !view.offline
      ? t('save.error', { number: view.error.number, message: t(`errors.${view.error.code}`) })
      : '';
  return (
    <span className="save-status" data-save-state={view.offline ? 'offline' : view.state}>
      {/* Remounted by each Save asked offline, so the message is announced again. */}
      <span key={view.offlineSaves} className="save-status-text" role="status" aria-live="polite">
        {text}
      </span>
      {/* Mounted with its message, so screen readers announce it (and no empty alert sits in the page). */}
      {error && (
        <span className="save-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

export default SaveStatus;
