import { useTranslation } from '../../i18n/use-translation';
import type { Editor } from '@tiptap/core';
import type { ErrorCode } from '@shared/errors';
import type { CapabilityContext } from '../../editor/core/capability';
import { fileNodeFromUpload, precheckUpload, showUploadError, startUpload } from '../uploads';
import { DropZone } from '../../editor/ui/drop-zone';

/** Uploads one file into a `file` node at the caret; returns the refusal code of the client-side check. */
export function uploadFileAtCaret(editor: Editor, context: CapabilityContext, file: File): ErrorCode | null {
  const refused = precheckUpload('file', file, context.uploads);
  if (refused) return refused;
  startUpload(editor, context, { kind: 'file', file, toNode: fileNodeFromUpload });
  return null;
}

/** The popup's drop zone, backed by a file input. */
export function FileUploadForm({
  editor,
  context,
  close,
}: {
  editor: Editor;
  context: CapabilityContext;
  close: (applied: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="file-upload">
      <DropZone
        label={t('file.drop')}
        hint={t('file.orClick')}
        inputLabel={t('file.choose')}
        onFile={(file) => {
          const refused = uploadFileAtCaret(editor, context, file);
          // Shown where every upload error is (drop, paste, managers), with the limit.
          if (refused) showUploadError(editor, refused);
          else close(true);
        }}
      />
    </div>
  );
}

export default FileUploadForm;
