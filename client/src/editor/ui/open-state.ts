import { useSyncExternalStore } from 'react';

/**
 * A tiny module-level open/closed flag, so a command (quick-insert entry, shortcut) can open a toolbar
 * control's popup: the control reads it with `useOpen()` and passes it to ToolbarPopover's `open`.
 */
export function createOpenState(): {
  set: (open: boolean) => void;
  useOpen: () => boolean;
} {
  let open = false;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    set: (next) => {
      if (next === open) return;
      open = next;
      listeners.forEach((l) => l());
    },
    useOpen: () => useSyncExternalStore(subscribe, () => open),
  };
}
