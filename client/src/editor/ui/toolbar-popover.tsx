import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ToolbarTriggerProps } from '../core/capability';
import { chunk, FailedNotice, preloadRadixKit } from '../core/lazy';
import { closedTrigger } from './closed-trigger';
import './toolbar-ui.css';

export interface ToolbarPopoverProps {
  trigger: ToolbarTriggerProps;
  /** What the toolbar button shows (always `aria-hidden`; the accessible name is the label). */
  display: ReactNode;
  /** The popup's content; `close(applied)` shuts it (applied = the editor keeps the focus). */
  children: (close: (applied: boolean) => void) => ReactNode;
  active?: boolean;
  disabled?: boolean;
  /** Controlled open state, e.g. to open from a shortcut. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /**
   * Escape closes as if the popup applied something: focus goes back to the editor (this runs), not the
   * button — unless this returns `false`.
   */
  onEscape?: () => unknown;
}

// The popup itself (Radix popover, focus trap, positioning) is fetched on the first open.
// The Radix kit comes along: tabs inside popups (pickers, image and video forms) then show at once.
const popoverCode = chunk(() => import('./toolbar-popover.radix'));
const radixPopover = {
  load: () => Promise.all([popoverCode.load(), preloadRadixKit()]).then(([m]) => m.ToolbarPopoverRadix),
  loaded: () => popoverCode.loaded()?.ToolbarPopoverRadix ?? null,
};
type RadixPopup = ComponentType<ToolbarPopoverProps & { initialOpen: boolean }>;

/** Fetches the popup code ahead of the first open (see the toolbar's idle prefetch). */
export const preloadToolbarPopover = (): Promise<unknown> => radixPopover.load().catch(() => undefined);

/**
 * A toolbar button that opens a non-modal popup (colour grid, link form, emoji picker): focus moves into
 * the popup, Escape and outside clicks close it, focus returns to the button unless the popup applied
 * something to the editor. Until the first open it is only the button; the Radix popup loads then.
 */
export function ToolbarPopover(props: ToolbarPopoverProps) {
  const { trigger, display, active = false, disabled = false, open: controlledOpen, onOpenChange } = props;
  const [activated, setActivated] = useState(false);
  const [failed, setFailed] = useState(false);
  // Set once this popup is shown; it then stays (closing must not swap the button under the focus).
  const [radix, setRadix] = useState<{ Popup: RadixPopup } | null>(null);
  const wanted = activated || controlledOpen === true;
  const ready = radixPopover.loaded();
  if (wanted && !radix && ready) setRadix({ Popup: ready });
  useEffect(() => {
    if (!wanted || radix || failed) return;
    // Opened (button or a command) before the chunk arrived: show the popup once it is there.
    let live = true;
    radixPopover.load().then(
      (Popup) => {
        if (live) setRadix({ Popup });
      },
      (error: unknown) => {
        console.error('[tandem] the popup could not be loaded', error);
        if (!live) return;
        setActivated(false);
        onOpenChange?.(false);
        setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, radix, failed, onOpenChange]);
  if (radix) return <radix.Popup {...props} initialOpen={activated} />;

  const loading = wanted && !failed;
  const off = disabled || trigger.disabled;
  return (
    <>
      <button
        {...closedTrigger(trigger, { popup: 'dialog', off, loading, className: active ? ' is-active' : '' })}
        onPointerEnter={() => void preloadToolbarPopover()}
        onClick={() => {
          if (off) return;
          setFailed(false);
          if (onOpenChange && controlledOpen !== undefined) onOpenChange(true);
          else setActivated(true);
        }}
      >
        <span aria-hidden="true">{display}</span>
      </button>
      {failed && <FailedNotice onDismiss={() => setFailed(false)} />}
    </>
  );
}
