import { FileUp } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { FileNode } from './file.extension';
import { fileStrings } from './file.i18n';
import { FileUploadControl, FileUploadPopup } from './file.toolbar';

/** File links (FROALA-REFERENCE §14): upload a file and insert it as a link with icon, name and size. */
export const file: Capability = {
  name: 'file',
  extensions: [FileNode, FileUploadPopup],
  i18n: fileStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'insertFile',
      labelKey: 'file.upload',
      icon: FileUp,
      group: 'insert',
      Component: FileUploadControl,
    },
  ],
  insertItems: [
    {
      id: 'insertFile',
      labelKey: 'file.upload',
      icon: FileUp,
      keywords: ['file', 'upload', 'attachment', 'pdf', 'datei', 'hochladen', 'anhang'],
      run: (editor) => editor.storage.fileUploadPopup.open.set(true),
    },
  ],
};
