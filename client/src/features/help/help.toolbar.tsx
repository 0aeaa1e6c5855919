import { CircleHelp } from 'lucide-react';
import { useStore } from '../../lib/store';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { DialogButton } from '../../editor/ui/dialog-button';

/** The "Help" toolbar button: opens the dialog (which lives in the overlay, so Mod-/ works at any width). */
export function HelpButton({ editor, trigger }: ToolbarControlProps) {
  const state = editor.storage.help.state;
  const open = useStore(state.open);
  return (
    <DialogButton trigger={trigger} open={open} icon={CircleHelp} onOpen={(button) => state.set(true, false, button)} />
  );
}
