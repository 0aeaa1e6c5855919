import { CircleHelp } from 'lucide-react';
import { useStore } from '../../lib/store';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { Icon } from '../../editor/ui/icon';

/** The "Help" toolbar button: opens the dialog (which lives in the overlay, so Mod-/ works at any width). */
export function HelpButton({ editor, trigger }: ToolbarControlProps) {
  const state = editor.storage.help.state;
  const open = useStore(state.open);
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
