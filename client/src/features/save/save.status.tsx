import { useSyncExternalStore } from 'react';
import type { EditorUiProps } from '../../editor/core/capability';
import { useTranslation } from '../../i18n/use-translation';
import type { SaveStatusView } from './save-status-store';
import './save.css';

const EMPTY = (): (() => void) => () => undefined;
const IDLE = (): SaveStatusView => ({ state: 'idle', at: 0, error: null });

/** "Saving…", "Saved at 14:32", "Not saved (retrying)" beside the counters, and the save errors 1 and 2. */
export function SaveStatus({ editor }: EditorUiProps) {
  const { t, i18n } = useTranslation();
  const store = editor.storage.save?.status;
  const view = useSyncExternalStore(store?.subscribe ?? EMPTY, store?.get ?? IDLE);
  let text = '';
  if (view.state === 'saving') text = t('save.saving');
  else if (view.state === 'retrying') text = t('save.retrying');
  else if (view.state === 'saved' && view.at > 0) {
    const time = new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }).format(view.at);
    text = t('save.savedAt', { time });
  }
  const error = view.error
    ? t('save.error', { number: view.error.number, message: t(`errors.${view.error.code}`) })
    : '';
  return (
    <span className="save-status" data-save-state={view.state}>
      <span className="save-status-text" role="status" aria-live="polite">
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
