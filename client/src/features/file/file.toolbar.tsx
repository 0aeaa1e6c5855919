import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Editor } from '@tiptap/core';
import type { ErrorCode } from '@shared/errors';
import type { CapabilityContext, ToolbarControlProps } from '../../editor/capability';
import { createOpenState } from '../../editor/ui/open-state';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import { fileNodeFromUpload, precheckUpload, startUpload } from '../uploads';
import './file.css';

/** Open state shared with the quick-insert entry. */
export const fileUploadPopup = createOpenState();

/** Uploads one file into a `file` node at the caret; returns the refusal code of the client-side check. */
export function uploadFileAtCaret(editor: Editor, context: CapabilityContext, file: File): ErrorCode | null {
  const refused = precheckUpload('file', file, context.uploads);
  if (refused) return refused;
  startUpload(editor, context, { kind: 'file', file, toNode: fileNodeFromUpload });
  return null;
}

function DropZone({ onFile }: { onFile: (file: File) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent<HTMLElement>): void => {
    event.preventDefault();
    setOver(false);
    // Like the baseline: only the first file of a multi-drop is used.
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div className="file-upload">
      <button
        type="button"
        className={`file-drop${over ? ' is-over' : ''}`}
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span className="file-drop-main">{t('file.drop')}</span>
        <span className="file-drop-hint">{t('file.orClick')}</span>
      </button>
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('file.choose')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}

/** "Upload File": a popup with a drop zone backed by a file input (FROALA-REFERENCE §14). */
export function FileUploadControl({ editor, context, trigger }: ToolbarControlProps) {
  const { t } = useTranslation();
  const open = fileUploadPopup.useOpen();
  const [error, setError] = useState<ErrorCode | null>(null);
  return (
    <ToolbarPopover
      trigger={trigger}
      display="📎"
      open={open}
      onOpenChange={(next) => {
        if (next) setError(null);
        fileUploadPopup.set(next);
      }}
    >
      {(close) => (
        <>
          <DropZone
            onFile={(file) => {
              const refused = uploadFileAtCaret(editor, context, file);
              if (refused) setError(refused);
              else close(true);
            }}
          />
          {error && (
            <p className="file-upload-error" role="alert">
              {t(`errors.${error}`)}
            </p>
          )}
        </>
      )}
    </ToolbarPopover>
  );
}
