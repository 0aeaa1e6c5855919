import { History } from 'lucide-react';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { Icon } from '../../editor/ui/icon';
import { panelOf, panelOpenState } from './panel-state';
import { useStore } from '../../lib/store';

/** The "Version History" toggle: opens the side panel (its code loads on first open) or closes it. */
export function VersionHistoryButton({ editor, trigger }: ToolbarControlProps) {
  const panel = panelOf(editor);
  const open = useStore(panelOpenState(editor));
  return (
    <button
      {...trigger}
      type="button"
      aria-pressed={open}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => (open ? panel.close(editor) : panel.set(true))}
    >
      <Icon of={History} />
    </button>
  );
}
