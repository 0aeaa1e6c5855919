import { useRef } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import './confirm-dialog.css';

interface Props {
  open: boolean;
  title: string;
  text: string;
  okLabel: string;
  cancelLabel: string;
  onAnswer: (ok: boolean) => void;
}

/**
 * Our replacement for `window.confirm`: an alert dialog with the focus trapped inside, Cancel focused
 * first (the safe default), Escape and outside clicks answering "cancel".
 */
export function ConfirmDialog({ open, title, text, okLabel, cancelLabel, onAnswer }: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onAnswer(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="confirm-overlay" />
        <Dialog.Content
          className="confirm-dialog"
          role="alertdialog"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            cancel.current?.focus();
          }}
        >
          <Dialog.Title className="confirm-title">{title}</Dialog.Title>
          <Dialog.Description className="confirm-text">{text}</Dialog.Description>
          <div className="confirm-buttons">
            <button type="button" ref={cancel} onClick={() => onAnswer(false)}>
              {cancelLabel}
            </button>
            <button type="button" className="confirm-ok" onClick={() => onAnswer(true)}>
              {okLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
