import i18next from 'i18next';
import { capabilitiesOf } from '../../editor/core/capability-list';
import type { Capability } from '../../editor/core/capability';
import { QuickInsertExtension } from './quick-insert.extension';
import { quickInsertStrings } from './quick-insert.i18n';
import { collectInsertItems } from './insert-items';
import { emptyBlockAt } from './empty-block';
import { chunk } from '../../editor/core/lazy';

// Not needed for the first paint: fetched when the browser is idle after the page shows, with the `/`
// plugin's code (the first `/` typed), or when the caret has rested in an empty block (the "+" button).
const overlayCode = chunk(() => import('./quick-insert.overlay'));

/** The "+" button beside an empty block and the `/` command menu, both listing every insert item. */
export const quickInsert: Capability = {
  name: 'quickInsert',
  extensions: () => [
    QuickInsertExtension.configure({
      // Read when a menu opens, from the editor's list (the composition root hands it down).
      items: (editor) => collectInsertItems(capabilitiesOf(editor)),
      translate: (key) => i18next.t(key),
      loadMenu: overlayCode.load,
    }),
  ],
  toolbar: [],
  shortcuts: [{ keys: '/', labelKey: 'quickInsert.slash' }],
  Overlay: {
    ui: overlayCode,
    preload: {
      when: (editor) => editor.storage.quickInsert.slash.get().open,
      afterPause: (editor) => emptyBlockAt(editor) !== null,
    },
  },
  i18n: quickInsertStrings,
};
