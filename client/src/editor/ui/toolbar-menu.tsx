import { useState, type ComponentType, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import type { ToolbarTriggerProps } from '../core/capability';
import { closedTrigger } from './closed-trigger';
import { MenuButtonFace } from './toolbar-menu-face';
import { chunk, FailedNotice } from '../core/lazy';
import './toolbar-ui.css';

export interface MenuEntry {
  id: string;
  label: string;
  /** Shown checked (radio: the current value; checkbox: applied). */
  checked?: boolean;
  /** Preview style of the entry (a font, a size…). */
  style?: CSSProperties;
  /** Extra hint at the right edge (a shortcut). */
  hint?: string;
  /** An icon before the label (action menus). */
  icon?: ReactNode;
  /** A separator line above this entry (action menus). */
  separatorBefore?: boolean;
  disabled?: boolean;
  onSelect: () => void;
}

export interface ToolbarMenuProps {
  trigger: ToolbarTriggerProps;
  /** What the toolbar button shows: an icon or the current value (always `aria-hidden`). */
  display: ReactNode;
  /** radio = one current value (menuitemradio), checkbox = several toggles, action = plain items. */
  kind: 'radio' | 'checkbox' | 'action';
  entries: MenuEntry[];
  /** Content below the entries (a custom-value input…). */
  footer?: ReactNode;
  /** A caption above the entries ("Download as"). */
  heading?: string;
  /** Which edge of the button the menu lines up with (default: start). */
  align?: 'start' | 'end';
  /** Marks the trigger active (aria-pressed is not used on menu buttons; a class is). */
  active?: boolean;
  disabled?: boolean;
}

// The menu itself (Radix dropdown, its focus and positioning code) is fetched on the first open.
const menuCode = chunk(() => import('./toolbar-menu.radix'));
type RadixMenu = ComponentType<ToolbarMenuProps & { initialOpen: 'pointer' | 'keyboard' }>;

/** Fetches the menu code ahead of the first open (see the toolbar's idle prefetch). */
export const preloadToolbarMenu = menuCode.preload;

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A toolbar dropdown (WAI-ARIA menu button). Until its first open it is only the button (same look,
 * same attributes as Radix's closed trigger); the first open loads the Radix menu and shows it open.
 */
export function ToolbarMenu(props: ToolbarMenuProps) {
  const { trigger, display, active = false, disabled = false } = props;
  // Set by the first open; the Radix menu then stays (its trigger replaces this button for good).
  const [opened, setOpened] = useState<{ Menu: RadixMenu; how: 'pointer' | 'keyboard' } | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  if (opened) return <opened.Menu {...props} initialOpen={opened.how} />;

  const open = (how: 'pointer' | 'keyboard'): void => {
    setFailed(false);
    const ready = menuCode.loaded();
    if (ready) {
      setOpened({ Menu: ready.ToolbarMenuRadix, how });
      return;
    }
    setLoading(true);
    menuCode.load().then(
      ({ ToolbarMenuRadix }) => {
        setLoading(false);
        setOpened({ Menu: ToolbarMenuRadix, how });
      },
      (error: unknown) => {
        console.error('[tandem] the menu could not be loaded', error);
        setLoading(false);
        setFailed(true);
      },
    );
  };
  const off = disabled || trigger.disabled;
  return (
    <>
      <button
        {...closedTrigger(trigger, {
          popup: 'menu',
          off,
          loading,
          className: ` toolbar-menu-button${active ? ' is-active' : ''}`,
        })}
        data-disabled={off ? '' : undefined}
        onPointerEnter={() => void menuCode.preload()}
        onPointerDown={(e) => {
          if (off || loading || e.button !== 0 || e.ctrlKey) return;
          open('pointer');
        }}
        onKeyDown={(e: KeyboardEvent<HTMLButtonElement>) => {
          trigger.onKeyDown(e);
          if (e.defaultPrevented || off || loading || !OPEN_KEYS.has(e.key)) return;
          e.preventDefault();
          open('keyboard');
        }}
      >
        <MenuButtonFace display={display} />
      </button>
      {failed && <FailedNotice onDismiss={() => setFailed(false)} />}
    </>
  );
}
