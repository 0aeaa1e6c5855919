import { openStateExtension, type OpenStateStorage } from '../../editor/ui/open-state';

/** Open state of the "Insert Files" modal, per editor. */
export const FilesManagerOpen = openStateExtension('filesManager');

declare module '@tiptap/core' {
  interface Storage {
    filesManager: OpenStateStorage;
  }
}
