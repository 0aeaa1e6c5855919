import { useEffect, useState } from 'react';
import { Dialog } from '../../editor/core/lazy';
import { useTranslation } from '../../i18n/use-translation';
import type { Editor } from '@tiptap/core';
import type { EditorUiProps } from '../../editor/core/capability';
import '../../editor/ui/alert-dialog.css';
import { onPasteWithoutTable } from './table-alert';
import { hasTable } from './table-state';

/**
 * The message of a paste into selected cells that held no table (the baseline's alert, translated and
 * accessible): an alert dialog with one OK button; the focus returns to the editor, the cells stay selected.
 */
export function TableOverlay({
  editor,
  needTableEditing,
}: EditorUiProps & { needTableEditing: (editor: Editor) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => onPasteWithoutTable(editor, () => setOpen(true)), [editor]);
  // Mounted when the browser is idle: tables already in the document get their editing now (column
  // resizing, table fixing) rather than at the first pointer or caret in them.
  useEffect(() => {
    if (hasTable(editor.state.doc)) needTableEditing(editor);
  }, [editor, needTableEditing]);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="alert-dialog-overlay" />
        <Dialog.Content
          role="alertdialog"
          className="alert-dialog"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            editor.view.focus();
          }}
        >
          <Dialog.Title className="alert-dialog-title">{t('table.noTable')}</Dialog.Title>
          <Dialog.Description className="alert-dialog-text">{t('table.noTableHint')}</Dialog.Description>
          <div className="alert-dialog-buttons">
            <Dialog.Close asChild>
              <button type="button" className="alert-dialog-primary">
                {t('table.ok')}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
