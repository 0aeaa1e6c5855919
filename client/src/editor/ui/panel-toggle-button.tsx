import type { ToolbarTriggerProps } from '../core/capability';
import { Icon, type IconComponent } from './icon';

/**
 * A toolbar toggle for a side panel (comments, version history): pressed while the panel is open, and a
 * click opens or closes it. It keeps the editor's selection (no focus on mouse down).
 */
export function PanelToggleButton({
  trigger,
  icon,
  open,
  onToggle,
}: {
  trigger: ToolbarTriggerProps;
  icon: IconComponent;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <button {...trigger} type="button" aria-pressed={open} onMouseDown={(e) => e.preventDefault()} onClick={onToggle}>
      <Icon of={icon} />
    </button>
  );
}
