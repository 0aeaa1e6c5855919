import { TextSelect } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { selectAllStrings } from './select-all.i18n';
import { selectAllContextMenu } from './select-all.context-menu';

/** Selects the whole document (the core `selectAll` command; Mod-A is ProseMirror's own key). */
export const selectAll: Capability = {
  name: 'selectAll',
  extensions: [],
  i18n: selectAllStrings,
  contextMenu: selectAllContextMenu,
  toolbar: [
    {
      id: 'selectAll',
      labelKey: 'selectAll.label',
      icon: TextSelect,
      group: 'misc',
      shortcut: 'Mod-A',
      run: (editor) => editor.chain().focus().selectAll().run(),
    },
  ],
};
