import { FileUp } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Editor } from '@tiptap/core';
import type { ErrorCode } from '@shared/errors';
import type { CapabilityContext, ToolbarControlProps } from '../../editor/capability';
import { createOpenState } from '../../editor/ui/open-state';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import { DropZone, fileNodeFromUpload, precheckUpload, showUploadError, startUpload } from '../uploads';
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

function FileDropZone({ onFile }: { onFile: (file: File) => void }) {
  const { t } = useTranslation();
  return (
    <div className="file-upload">
      <DropZone label={t('file.drop')} hint={t('file.orClick')} inputLabel={t('file.choose')} onFile={onFile} />
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
      display={<Icon of={FileUp} />}
      open={open}
      onOpenChange={(next) => {
        if (next) setError(null);
        fileUploadPopup.set(next);
      }}
    >
      {(close) => (
        <>
          <FileDropZone
            onFile={(file) => {
              const refused = uploadFileAtCaret(editor, context, file);
              // Shown where every upload error is (drop, paste, managers), with the limit.
              if (refused) showUploadError(refused);
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
