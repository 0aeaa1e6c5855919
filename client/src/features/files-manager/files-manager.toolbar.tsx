import { FolderOpen } from 'lucide-react';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { Icon } from '../../editor/ui/icon';
import { lazyWhenOpen, retryableImport } from '../../editor/core/lazy/lazy-part';
import { filesManagerOpen } from './files-manager.open';

// The modal (upload queue, list, preview, delete) is a separate chunk, fetched the first time it opens.
const importModal = retryableImport(() => import('./files-manager.modal'));
const FilesManagerModal = lazyWhenOpen(filesManagerOpen, () => importModal().then((m) => m.FilesManagerModal));

/** The "Insert Files" toolbar button and its modal (FROALA-REFERENCE §15). */
export function FilesManagerControl({ editor, context, trigger }: ToolbarControlProps) {
  const open = filesManagerOpen.useOpen();
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
        onClick={() => filesManagerOpen.set(true)}
      >
        <Icon of={FolderOpen} />
      </button>
      <FilesManagerModal editor={editor} context={context} />
    </>
  );
}
