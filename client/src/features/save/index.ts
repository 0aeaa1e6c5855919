import { Save } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { SaveExtension } from './save.extension';
import { saveStrings } from './save.i18n';

/**
 * Autosave (FROALA-REFERENCE §32, issue 13): the document's HTML is saved about `saveInterval` ms after a
 * change by one elected client, at once by the Save button or Ctrl/Cmd+S, retried until it succeeds; the
 * status bar says where it stands. Viewers never save.
 */
export const save: Capability = {
  name: 'save',
  extensions: (context) => [SaveExtension.configure({ context })],
  i18n: saveStrings,
  toolbar: [
    {
      id: 'save',
      labelKey: 'save.save',
      icon: Save,
      // The document group shares the first row with the text group at desktop widths.
      group: 'document',
      shortcut: 'Mod-S',
      keepActive: true,
      run: (editor) => editor.storage.save.save(),
    },
  ],
  // Nothing to show before the saving code runs (it starts when the browser is idle, too).
  StatusBar: { ui: () => import('./save.status'), preload: 'idle' },
};
