import { Save } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { SaveExtension } from './save.extension';
import { saveStrings } from './save.i18n';
import type { EditorUiProps } from '../../editor/core/capability';
import { useStore } from '../../lib/store';

/** The status has something to show before idle time: a Save asked for, or the browser offline. */
function useSaveNews({ editor }: EditorUiProps): boolean {
  const view = useStore(editor.storage.save.status);
  return view.state !== 'idle' || view.offline;
}

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
  // Fetched when the browser is idle, or at once when there is something to say (a Save, offline).
  StatusBar: { ui: () => import('./save.status'), preload: { need: useSaveNews } },
};
