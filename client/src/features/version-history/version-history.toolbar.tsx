import { History } from 'lucide-react';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { PanelToggleButton } from '../../editor/ui/panel-toggle-button';
import { panelOf, panelOpenState } from './panel-state';
import { useStore } from '../../lib/store';

/** The "Version History" toggle: opens the side panel (its code loads on first open) or closes it. */
export function VersionHistoryButton({ editor, trigger }: ToolbarControlProps) {
  const panel = panelOf(editor);
  const open = useStore(panelOpenState(editor));
  return (
    <PanelToggleButton
      trigger={trigger}
      icon={History}
      open={open}
      onToggle={() => (open ? panel.close(editor) : panel.set(true))}
    />
  );
}
