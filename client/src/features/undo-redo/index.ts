import { Redo2, Undo2 } from 'lucide-react';
import { canAt } from '../../editor/core/can-at';
import type { Capability } from '../../editor/core/capability';
import { undoRedoStrings } from './undo-redo.i18n';

/** Undo and redo of this author's own changes only (the Collaboration extension's Yjs undo manager). */
export const undoRedo: Capability = {
  name: 'undoRedo',
  extensions: [],
  i18n: undoRedoStrings,
  toolbar: [
    {
      id: 'undo',
      labelKey: 'undoRedo.undo',
      icon: Undo2,
      group: 'misc',
      shortcut: 'Mod-Z',
      isEnabled: (editor) => canAt(editor).undo(),
      run: (editor) => editor.chain().focus().undo().run(),
    },
    {
      id: 'redo',
      labelKey: 'undoRedo.redo',
      icon: Redo2,
      group: 'misc',
      shortcut: 'Mod-Shift-Z',
      isEnabled: (editor) => canAt(editor).redo(),
      run: (editor) => editor.chain().focus().redo().run(),
    },
  ],
  // The Collaboration extension binds Mod-Y to redo as well.
  shortcuts: [{ keys: 'Mod-Y', labelKey: 'undoRedo.redo' }],
};
