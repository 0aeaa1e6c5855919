import { FolderOpen } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { filesManagerStrings } from './files-manager.i18n';
import { FilesManagerOpen } from './files-manager.extension';
import { FilesManagerControl } from './files-manager.toolbar';

/**
 * Files manager (FROALA-REFERENCE §15): upload several files at once with a progress bar each, list,
 * search, preview, insert and delete the document's uploads.
 */
export const filesManager: Capability = {
  name: 'filesManager',
  extensions: [FilesManagerOpen],
  i18n: filesManagerStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'insertFiles',
      labelKey: 'filesManager.label',
      icon: FolderOpen,
      group: 'insert',
      Component: FilesManagerControl,
    },
  ],
  insertItems: [
    {
      id: 'insertFiles',
      labelKey: 'filesManager.label',
      icon: FolderOpen,
      keywords: ['files', 'manager', 'upload', 'attachments', 'dateien', 'hochladen', 'verwalten'],
      run: (editor) => editor.storage.filesManager.open.set(true),
    },
  ],
};
