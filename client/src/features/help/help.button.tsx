import { CircleHelp } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import type { EditorUiProps, ToolbarControlProps } from '../../editor/core/capability';
import { Icon } from '../../editor/ui/icon';
import { lazyWhenOpen, retryableImport, type OpenState } from '../../editor/core/lazy/lazy-part';
import type { HelpState } from './help.extension';

/** The "Help" toolbar button: opens the dialog (which lives in the overlay, so Mod-/ works at any width). */
export function HelpButton({ editor, trigger }: ToolbarControlProps) {
  const state = editor.storage.help.state;
  const open = useSyncExternalStore(state.subscribe, state.get);
  return (
    <button
      {...trigger}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={open}
      onMouseDown={(e) => e.preventDefault()}
      onClick={(e) => state.set(true, false, e.currentTarget)}
    >
      <Icon of={CircleHelp} />
    </button>
  );
}

const openStates = new WeakMap<HelpState, OpenState>();
/** The per-editor help flag in the shape lazyWhenOpen reads (one object per editor, so it stays stable). */
function helpOpenState({ editor }: EditorUiProps): OpenState {
  const state = editor.storage.help.state;
  let openState = openStates.get(state);
  if (!openState) {
    openState = {
      useOpen: () => useSyncExternalStore(state.subscribe, state.get),
      set: (open) => state.set(open),
    };
    openStates.set(state, openState);
  }
  return openState;
}

/** The shortcuts dialog, fetched the first time it opens (button or Mod-/). */
const importDialog = retryableImport(() => import('./help.dialog'));
export const LazyHelpDialog = lazyWhenOpen(helpOpenState, () => importDialog().then((m) => m.HelpDialog));
