import { Fragment, useEffect, useRef } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { MenuEntry, ToolbarMenuProps } from './toolbar-menu';
import { MenuButtonFace } from './toolbar-menu-face';
import './toolbar-ui.css';

/**
 * A toolbar dropdown (WAI-ARIA menu button) built on Radix: arrow keys, typeahead, Escape and focus
 * return come from the library. After a choice the editor keeps the focus (the command focused it);
 * after Escape the focus goes back to the toolbar button. Loaded on the first open (toolbar-menu.tsx):
 * `initialOpen` says how that first open was asked for.
 */
export function ToolbarMenuRadix({
  trigger,
  display,
  kind,
  entries,
  footer,
  heading,
  align = 'start',
  active = false,
  disabled = false,
  initialOpen,
}: ToolbarMenuProps & { initialOpen: 'pointer' | 'keyboard' }) {
  const chose = useRef(false);
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Opened from the keyboard before Radix was loaded: Radix did not see that key, so the first entry
    // gets the focus as a keyboard open would give it (after Radix focused the menu itself).
    if (initialOpen !== 'keyboard') return;
    const frame = requestAnimationFrame(() => {
      content.current?.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [initialOpen]);
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
      defaultOpen
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
          <MenuButtonFace display={display} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="toolbar-popup toolbar-menu"
          align={align}
          sideOffset={4}
          collisionPadding={8}
          aria-label={trigger['aria-label']}
          ref={content}
          onCloseAutoFocus={(e) => {
            if (chose.current) e.preventDefault();
          }}
        >
          {heading && <DropdownMenu.Label className="toolbar-menu-heading">{heading}</DropdownMenu.Label>}
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
              <Fragment key={entry.id}>
                {entry.separatorBefore && <DropdownMenu.Separator className="toolbar-menu-separator" />}
                <DropdownMenu.Item {...itemProps(entry)}>
                  <Entry entry={entry} mark={false} />
                </DropdownMenu.Item>
              </Fragment>
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
      {entry.icon}
      <span style={entry.style}>{entry.label}</span>
      {entry.hint && <span className="toolbar-menu-hint">{entry.hint}</span>}
    </>
  );
}
