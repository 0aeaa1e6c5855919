import { FolderOpen } from 'lucide-react';
import type { EditorUiProps, ToolbarControlProps } from '../../editor/core/capability';
import { Lazy, preloadPart, type LazyPart } from '../../editor/core/lazy';
import { Icon } from '../../editor/ui/icon';
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
      <button
        {...trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onMouseDown={(e) => e.preventDefault()}
        onMouseEnter={() => {
          void preloadPart(filesManager);
          void preloadUploadCode();
        }}
        onClick={() => popup.set(true)}
      >
        <Icon of={FolderOpen} />
      </button>
      <Lazy part={filesManager} editor={editor} context={context} />
    </>
  );
}
