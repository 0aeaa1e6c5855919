import { TextSearch } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { FindReplaceExtension } from './find-replace.extension';
import { findReplaceStrings } from './find-replace.i18n';

/**
 * Find and replace (Froala 4.7): Mod-F / Mod-H open a bar with match case, whole word and regular
 * expressions; matches are decorations that follow everyone's edits; replace all is one undo step.
 * The bar and the search are a part of their own, fetched when the bar first opens.
 */
export const findReplace: Capability = {
  name: 'findReplace',
  extensions: [FindReplaceExtension],
  i18n: findReplaceStrings,
  Overlay: {
    ui: () => import('./find-replace.bar'),
    preload: { open: ({ editor }) => editor.storage.findReplace.state.open },
  },
  overlayForViewers: true,
  toolbar: [
    {
      id: 'findReplace',
      labelKey: 'findReplace.label',
      icon: TextSearch,
      group: 'misc',
      shortcut: 'Mod-F',
      run: (editor) => editor.storage.findReplace.state.show(editor, true),
    },
  ],
  shortcuts: [{ keys: 'Mod-H', labelKey: 'findReplace.replaceShortcut' }],
};
