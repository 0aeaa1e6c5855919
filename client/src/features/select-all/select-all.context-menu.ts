import { TextSelect } from 'lucide-react';
import type { ContextMenuItem } from '../../editor/core/capability';

/** "Select All" in the context menu (viewers too: they may select and copy). */
export const selectAllContextMenu: ContextMenuItem[] = [
  {
    id: 'selectAll',
    labelKey: 'selectAll.label',
    icon: TextSelect,
    group: 'selection',
    shortcut: 'Mod-A',
    run: (editor) => {
      editor.commands.selectAll();
    },
  },
];
