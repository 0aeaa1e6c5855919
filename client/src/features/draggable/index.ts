import type { Capability } from '../../editor/capability';
import { BlockMover } from './draggable.extension';
import { draggableStrings } from './draggable.i18n';
import { lazyWhenIdle, retryableImport } from '../../editor/ui/lazy-part';

// Not needed for the first paint: fetched when the browser is idle after the page shows.
const importDraggableOverlay = retryableImport(() => import('./draggable.overlay'));

/** Moving top-level blocks: a drag handle on hover, and Alt+Shift+↑/↓ from the keyboard. */
export const draggable: Capability = {
  name: 'draggable',
  extensions: [BlockMover],
  i18n: draggableStrings,
  toolbar: [],
  shortcuts: [
    { keys: 'Alt-Shift-ArrowUp', labelKey: 'draggable.moveUp' },
    { keys: 'Alt-Shift-ArrowDown', labelKey: 'draggable.moveDown' },
  ],
  Overlay: lazyWhenIdle(() => importDraggableOverlay().then((m) => m.DraggableOverlay)),
};
