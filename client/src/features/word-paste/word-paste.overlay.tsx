import { X } from 'lucide-react';
import { useRef, useSyncExternalStore } from 'react';
import { Dialog } from '../../editor/core/lazy';
import { useTranslation } from '../../i18n/use-translation';
import type { EditorUiProps } from '../../editor/core/capability';
import { Icon } from '../../editor/ui/icon';
import '../../editor/ui/alert-dialog.css';
import { answerWordPaste, wordPasteState, WordPasteState } from './word-paste.extension';
import './word-paste.css';

// Read-only stand-in for an editor without word paste (never changes).
const none = new WordPasteState();

/** The Clean / Keep question of a Word paste (Clean focused first), and the notice of local pictures. */
export function WordPasteOverlay({ editor }: EditorUiProps) {
  const { t } = useTranslation();
  const state = wordPasteState(editor) ?? none;
  const pending = useSyncExternalStore(state.subscribe, () => state.pending);
  const dropped = useSyncExternalStore(state.subscribe, () => state.droppedLocalImages);
  const clean = useRef<HTMLButtonElement>(null);
  const answer = (mode: 'clean' | 'keep' | null): void => answerWordPaste(editor, mode);
  return (
    <>
      <Dialog.Root open={pending !== null} onOpenChange={(open) => !open && answer(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="alert-dialog-overlay" />
          <Dialog.Content
            role="alertdialog"
            className="alert-dialog"
            onOpenAutoFocus={(e) => {
              e.preventDefault();
              clean.current?.focus();
            }}
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              editor.view.focus();
            }}
          >
            <Dialog.Title className="alert-dialog-title">{t('wordPaste.title')}</Dialog.Title>
            <Dialog.Description className="alert-dialog-text">{t('wordPaste.question')}</Dialog.Description>
            <div className="alert-dialog-buttons">
              <button type="button" onClick={() => answer('keep')}>
                {t('wordPaste.keep')}
              </button>
              <button type="button" ref={clean} className="alert-dialog-primary" onClick={() => answer('clean')}>
                {t('wordPaste.clean')}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {dropped > 0 && (
        <div className="word-paste-notice" role="status">
          <span>{t('wordPaste.localImages', { count: dropped })}</span>
          <button
            type="button"
            aria-label={t('wordPaste.dismiss')}
            onClick={() => {
              state.dismissNotice();
              editor.view.focus();
            }}
          >
            <Icon of={X} />
          </button>
        </div>
      )}
    </>
  );
}

export default WordPasteOverlay;
