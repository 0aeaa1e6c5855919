import { FolderOpen } from 'lucide-react';
import type { EditorUiProps, ToolbarControlProps } from '../../editor/core/capability';
import { Icon } from '../../editor/ui/icon';
import { lazyWhenOpen, retryableImport } from '../../editor/core/lazy/lazy-part';
import { useStore } from '../../lib/store';
import { loadUploadCode } from '../uploads';

// The modal (upload queue, list, preview, delete) is a separate chunk, fetched the first time it opens.
const importModal = retryableImport(() => import('./files-manager.dialog'));
// With the uploads capability's code (request, error texts), handed to the modal.
const FilesManagerModal = lazyWhenOpen(
  ({ editor }: EditorUiProps) => editor.storage.filesManager.open,
  () =>
    Promise.all([importModal(), loadUploadCode()]).then(([{ FilesManagerModal: Modal }, kit]) => {
      const WithUploads = (props: EditorUiProps) => <Modal {...props} kit={kit} />;
      return WithUploads;
    }),
);

/** The "Insert Files" toolbar button and its modal (FROALA-REFERENCE §15). */
export function FilesManagerControl({ editor, context, trigger }: ToolbarControlProps) {
  const popup = editor.storage.filesManager.open;
  const open = useStore(popup);
  return (
    <>
      <button
        {...trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onMouseDown={(e) => e.preventDefault()}
        onMouseEnter={() => void FilesManagerModal.preload()}
        onClick={() => popup.set(true)}
      >
        <Icon of={FolderOpen} />
      </button>
      <FilesManagerModal editor={editor} context={context} />
    </>
  );
}
