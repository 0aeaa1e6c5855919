import type { ToolbarTriggerProps } from '../core/capability';
import { Icon, type IconComponent } from './icon';

/**
 * A toolbar button that opens a dialog rendered elsewhere (a capability's overlay or part): the
 * attributes of a dialog trigger, open or closed, and the editor keeps its selection when it is pressed.
 */
export function DialogButton({
  trigger,
  open,
  icon,
  onOpen,
  onPointerEnter,
}: {
  trigger: ToolbarTriggerProps;
  open: boolean;
  icon: IconComponent;
  /** Gets the button, where the focus returns when the dialog closes. */
  onOpen: (button: HTMLButtonElement) => void;
  /** The pointer is over the button: a click is likely (fetch the dialog's code). */
  onPointerEnter?: () => void;
}) {
  return (
    <button
      {...trigger}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={open}
      data-state={open ? 'open' : 'closed'}
      onMouseDown={(e) => e.preventDefault()}
      onMouseEnter={onPointerEnter}
      onClick={(e) => onOpen(e.currentTarget)}
    >
      <Icon of={icon} />
    </button>
  );
}
