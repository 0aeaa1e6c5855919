import type { Capability } from '../../editor/capability';
import { BlockMover } from './draggable.extension';
import { draggableStrings } from './draggable.i18n';
import { DraggableOverlay } from './draggable.overlay';

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
  // Not lazy: the drag handle registers a plugin, which reconfigures the editor; at load, not mid-edit.
  Overlay: DraggableOverlay,
};
