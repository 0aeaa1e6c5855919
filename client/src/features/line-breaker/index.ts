import type { Capability } from '../../editor/core/capability';
import { lineBreakerStrings } from './line-breaker.i18n';

export { hardBlockTypes, isHardBlock } from './breakable-blocks';

/** Puts a paragraph between two hard blocks (rules, tables, media) where no caret can go. */
export const lineBreaker: Capability = {
  name: 'lineBreaker',
  extensions: [],
  i18n: lineBreakerStrings,
  toolbar: [],
  // Not needed for the first paint: fetched when the browser is idle after the page shows, or on the first mouse move.
  Overlay: { ui: () => import('./line-breaker.overlay'), preload: 'hover' },
};
