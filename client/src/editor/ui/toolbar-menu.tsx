import { ChevronDown } from 'lucide-react';
import { MENU_CHEVRON_PX } from './icon';
import { useRef, type CSSProperties, type ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ToolbarTriggerProps } from '../capability';
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
  disabled?: boolean;
  onSelect: () => void;
}

interface Props {
  trigger: ToolbarTriggerProps;
  /** What the toolbar button shows: an icon or the current value (always `aria-hidden`). */
  display: ReactNode;
  /** radio = one current value (menuitemradio), checkbox = several toggles, action = plain items. */
  kind: 'radio' | 'checkbox' | 'action';
  entries: MenuEntry[];
  /** Content below the entries (a custom-value input…). */
  footer?: ReactNode;
  /** Marks the trigger active (aria-pressed is not used on menu buttons; a class is). */
  active?: boolean;
  disabled?: boolean;
}

/**
 * A toolbar dropdown (WAI-ARIA menu button) built on Radix: arrow keys, typeahead, Escape and focus
 * return come from the library. After a choice the editor keeps the focus (the command focused it);
 * after Escape the focus goes back to the toolbar button.
 */
export function ToolbarMenu({ trigger, display, kind, entries, footer, active = false, disabled = false }: Props) {
  const chose = useRef(false);
  const itemProps = (entry: MenuEntry) => ({
    className: `toolbar-menu-item${entry.checked ? ' is-checked' : ''}`,
    'data-entry': entry.id,
    disabled: entry.disabled,
    onSelect: () => {
      chose.current = true;
      entry.onSelect();
    },
  });
  return (
    <DropdownMenu.Root
      modal={false}
      onOpenChange={(open) => {
        if (open) chose.current = false;
      }}
    >
      <DropdownMenu.Trigger asChild disabled={disabled || trigger.disabled}>
        <button
          {...trigger}
          disabled={disabled || trigger.disabled}
          type="button"
          className={`${trigger.className} toolbar-menu-button${active ? ' is-active' : ''}`}
          onMouseDown={(e) => e.preventDefault()}
        >
          <span aria-hidden="true" className="toolbar-menu-display">
            {display}
          </span>
          <span aria-hidden="true" className="toolbar-menu-caret">
            <ChevronDown size={MENU_CHEVRON_PX} strokeWidth={2} />
          </span>
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="toolbar-popup toolbar-menu"
          align="start"
          sideOffset={4}
          aria-label={trigger['aria-label']}
          onCloseAutoFocus={(e) => {
            if (chose.current) e.preventDefault();
          }}
        >
          {kind === 'radio' ? (
            <DropdownMenu.RadioGroup value={entries.find((e) => e.checked)?.id ?? ''}>
              {entries.map((entry) => (
                <DropdownMenu.RadioItem key={entry.id} value={entry.id} {...itemProps(entry)}>
                  <Entry entry={entry} mark />
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          ) : kind === 'checkbox' ? (
            entries.map((entry) => (
              <DropdownMenu.CheckboxItem key={entry.id} checked={entry.checked ?? false} {...itemProps(entry)}>
                <Entry entry={entry} mark />
              </DropdownMenu.CheckboxItem>
            ))
          ) : (
            entries.map((entry) => (
              <DropdownMenu.Item key={entry.id} {...itemProps(entry)}>
                <Entry entry={entry} mark={false} />
              </DropdownMenu.Item>
            ))
          )}
          {footer}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function Entry({ entry, mark }: { entry: MenuEntry; mark: boolean }) {
  return (
    <>
      {mark && (
        <span aria-hidden="true" className="toolbar-menu-check">
          {entry.checked ? '✓' : ''}
        </span>
      )}
      <span style={entry.style}>{entry.label}</span>
      {entry.hint && <span className="toolbar-menu-hint">{entry.hint}</span>}
    </>
  );
}
