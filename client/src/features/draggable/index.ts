import type { Capability } from '../../editor/core/capability';
import { BlockMover } from './draggable.extension';
import { draggableStrings } from './draggable.i18n';

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
  // Its plugin is registered when it arrives (ProseMirror then re-creates the plugin views; the selection
  // bubble shows itself again, the `/` menu keeps its view, see deferred-plugin.ts).
  // The handle (and Floating UI) is not needed for the first paint: fetched when idle or on the first mouse move.
  Overlay: { ui: () => import('./draggable.overlay'), preload: 'hover' },
};
