import type { Capability } from '../../editor/capability';
import { lineBreakerStrings } from './line-breaker.i18n';
import { LineBreakerOverlay } from './line-breaker.overlay';

export { hardBlockTypes, isHardBlock } from './line-breaker.blocks';

/** Puts a paragraph between two hard blocks (rules, tables, media) where no caret can go. */
export const lineBreaker: Capability = {
  name: 'lineBreaker',
  extensions: [],
  i18n: lineBreakerStrings,
  toolbar: [],
  Overlay: LineBreakerOverlay,
};
