import { FolderOpen } from 'lucide-react';
import type { EditorUiProps, ToolbarControlProps } from '../../editor/core/capability';
import { Lazy, preloadPart, type LazyPart } from '../../editor/core/lazy';
import { DialogButton } from '../../editor/ui/dialog-button';
import { useStore } from '../../lib/store';
import { preloadUploadCode } from '../uploads';

// The modal (upload queue, list, preview, delete) is a separate chunk, fetched the first time it opens,
// with the uploads capability's code (request, error texts).
const filesManager: LazyPart<EditorUiProps> = {
  ui: () => import('./files-manager.dialog'),
  preload: { open: ({ editor }) => editor.storage.filesManager.open },
};

/** The "Insert Files" toolbar button and its modal (FROALA-REFERENCE §15). */
export function FilesManagerControl({ editor, context, trigger }: ToolbarControlProps) {
  const popup = editor.storage.filesManager.open;
  const open = useStore(popup);
  return (
    <>
      <DialogButton
        trigger={trigger}
        open={open}
        icon={FolderOpen}
        onPointerEnter={() => {
          void preloadPart(filesManager);
          void preloadUploadCode();
        }}
        onOpen={() => popup.set(true)}
      />
      <Lazy part={filesManager} editor={editor} context={context} />
    </>
  );
}
