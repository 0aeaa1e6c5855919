import i18next from 'i18next';
import { capabilitiesOf } from '../../editor/core/capability-list';
import type { Capability } from '../../editor/core/capability';
import { QuickInsertExtension } from './quick-insert.extension';
import { quickInsertStrings } from './quick-insert.i18n';
import { collectInsertItems } from './insert-items';
import { emptyBlockAt } from './empty-block';
import { lazyWhenIdle, retryableImport } from '../../editor/core/lazy/lazy-part';

// Not needed for the first paint: fetched when the browser is idle after the page shows, with the `/`
// plugin's code (the first `/` typed), or when the caret has rested in an empty block (the "+" button).
const importQuickInsertOverlay = retryableImport(() => import('./quick-insert.overlay'));

/** The "+" button beside an empty block and the `/` command menu, both listing every insert item. */
export const quickInsert: Capability = {
  name: 'quickInsert',
  extensions: () => [
    QuickInsertExtension.configure({
      // Read when a menu opens, from the editor's list (the composition root hands it down).
      items: (editor) => collectInsertItems(capabilitiesOf(editor)),
      translate: (key) => i18next.t(key),
      loadMenu: () => importQuickInsertOverlay(),
    }),
  ],
  toolbar: [],
  shortcuts: [{ keys: '/', labelKey: 'quickInsert.slash' }],
  Overlay: lazyWhenIdle(() => importQuickInsertOverlay().then((m) => m.QuickInsertOverlay), {
    neededWhen: (editor) => editor.storage.quickInsert.slash.get().open,
    neededAfterPause: (editor) => emptyBlockAt(editor) !== null,
  }),
  i18n: quickInsertStrings,
};
