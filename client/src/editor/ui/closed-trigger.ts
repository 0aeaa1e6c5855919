import type { MouseEvent } from 'react';
import type { ToolbarTriggerProps } from '../core/capability';

/**
 * The attributes of a toolbar menu's or popup's button before its Radix code is there: those of Radix's
 * closed trigger (so nothing changes for tests and screen readers when the code arrives), disabled while
 * the item cannot act, busy while the code loads. The caller adds what opens it.
 */
export function closedTrigger(
  trigger: ToolbarTriggerProps,
  { popup, off, loading, className }: { popup: 'menu' | 'dialog'; off: boolean; loading: boolean; className: string },
) {
  return {
    ...trigger,
    disabled: off,
    type: 'button' as const,
    'aria-haspopup': popup,
    'aria-expanded': false,
    'aria-busy': loading || undefined,
    'data-state': 'closed',
    className: `${trigger.className}${className}${loading ? ' is-loading' : ''}`,
    // The editor keeps its selection: the popup acts on it.
    onMouseDown: (e: MouseEvent) => e.preventDefault(),
  };
}
