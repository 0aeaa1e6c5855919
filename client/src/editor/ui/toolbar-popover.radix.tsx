import { useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import type { ToolbarPopoverProps } from './toolbar-popover';
import './toolbar-ui.css';

/**
 * A toolbar button that opens a non-modal popup (colour grid, link form, emoji picker) built on Radix
 * Popover: focus moves into the popup, Escape and outside clicks close it, focus returns to the
 * button unless the popup applied something to the editor.
 */
export function ToolbarPopoverRadix({
  trigger,
  display,
  children,
  active = false,
  disabled = false,
  initialOpen,
  onEscape,
  ...controlled
}: ToolbarPopoverProps & { initialOpen: boolean }) {
  // Loaded on the first open (toolbar-popover.tsx): an uncontrolled popup then starts open.
  const [ownOpen, setOwnOpen] = useState(initialOpen);
  const [applied, setApplied] = useState(false);
  const open = controlled.open ?? ownOpen;
  const setOpen = (next: boolean): void => {
    if (next) setApplied(false);
    setOwnOpen(next);
    controlled.onOpenChange?.(next);
  };
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild disabled={disabled || trigger.disabled}>
        <button
          {...trigger}
          disabled={disabled || trigger.disabled}
          type="button"
          aria-haspopup="dialog"
          className={`${trigger.className}${active ? ' is-active' : ''}`}
          onMouseDown={(e) => e.preventDefault()}
        >
          <span aria-hidden="true">{display}</span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="toolbar-popup"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          role="dialog"
          aria-label={trigger['aria-label']}
          onEscapeKeyDown={() => {
            // `false` from onEscape: not handled there, so focus returns to the button as usual.
            if (!onEscape || onEscape() === false) return;
            setApplied(true);
          }}
          onCloseAutoFocus={(e) => {
            if (applied) e.preventDefault();
          }}
        >
          {children((didApply) => {
            setApplied(didApply);
            setOpen(false);
          })}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
