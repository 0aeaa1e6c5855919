import type { Capability } from '../../editor/core/capability';
import { lineBreakerStrings } from './line-breaker.i18n';
import { lazyWhenIdle, retryableImport } from '../../editor/core/lazy/lazy-part';

// Not needed for the first paint: fetched when the browser is idle after the page shows, or on the first mouse move.
const importLineBreakerOverlay = retryableImport(() => import('./line-breaker.overlay'));

export { hardBlockTypes, isHardBlock } from './breakable-blocks';

/** Puts a paragraph between two hard blocks (rules, tables, media) where no caret can go. */
export const lineBreaker: Capability = {
  name: 'lineBreaker',
  extensions: [],
  i18n: lineBreakerStrings,
  toolbar: [],
  Overlay: lazyWhenIdle(() => importLineBreakerOverlay().then((m) => m.LineBreakerOverlay), { hover: true }),
};
