import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import * as Dialog from '@radix-ui/react-dialog';
import type { Editor } from '@tiptap/core';
import { useTranslation } from '../../../i18n/use-translation';
import type { ApiErrorCode } from '../../../lib/api-client';
import { Icon } from '../icon';
import './manager.css';
// Shows `errors.<CODE>` messages: they come with the catalogue.
import '../../../lib/error-catalogue';

/** What tells one manager's frame from another's: its class (size, parts) and its i18n keys. */
export interface ManagerFrame {
  className: string;
  titleKey: string;
  closeKey: string;
}

interface ManagerDialogProps {
  editor: Editor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  frame: ManagerFrame;
  /** The body, mounted only while the dialog is open. */
  children: ReactNode;
}

/** The frame of a manager modal (image manager, files manager): title, close button, focus back to the editor. */
export function ManagerDialog({ editor, open, onOpenChange, frame, children }: ManagerDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="manager-overlay" />
        <Dialog.Content
          className={`manager-dialog ${frame.className}`}
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            // Back to the document, where the choice was inserted (or where the caret was).
            e.preventDefault();
            editor.commands.focus();
          }}
        >
          <div className="manager-header">
            <Dialog.Title className="manager-title">{t(frame.titleKey)}</Dialog.Title>
            <Dialog.Close className="manager-close" aria-label={t(frame.closeKey)}>
              <Icon of={X} />
            </Dialog.Close>
          </div>
          {open && children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A manager's error line (`errors.<CODE>`), with the actions it offers (Retry, Dismiss). */
export function ManagerError({
  code,
  className,
  children,
}: {
  code: ApiErrorCode | null;
  className: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (code === null) return null;
  return (
    <p className={className} role="alert">
      <span>{t(`errors.${code}`)}</span>
      {children}
    </p>
  );
}

/** "Loading…" while a page loads, else the empty-list text when `empty`. */
export function ManagerStatus({
  loading,
  empty,
  loadingText,
  emptyText,
  className,
}: {
  loading: boolean;
  empty: boolean;
  loadingText: string;
  emptyText: string;
  className: string;
}) {
  if (loading) {
    return (
      <p className={`manager-status ${className}`} role="status">
        {loadingText}
      </p>
    );
  }
  return empty ? <p className={`manager-status ${className}`}>{emptyText}</p> : null;
}
