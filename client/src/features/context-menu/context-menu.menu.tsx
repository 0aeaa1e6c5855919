import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Editor } from '@tiptap/core';
import type { ContextMenuItem, ContextMenuNotice, EditorUiProps } from '../../editor/core/capability';
import { capabilitiesOf } from '../../editor/core/capability-list';
import { shortcutLabel } from '../../editor/core/toolbar/shortcut-label';
import { Icon } from '../../editor/ui/icon';
import { useTranslation } from '../../i18n/use-translation';
import { useStore } from '../../lib/store';
import { contextMenuOf, type ContextMenuRequest } from './context-menu.extension';
import { contextMenuSections } from './menu-items';
import './context-menu.css';

/** How long a notice (the clipboard could not be read) stays unless dismissed. */
const NOTICE_MS = 8000;

interface ShownNotice extends ContextMenuNotice {
  x: number;
  y: number;
}

/** The editor's context menu (a lazy part: fetched on the first opening) and the notice an entry may leave. */
export default function ContextMenuOverlay({ editor }: EditorUiProps) {
  const request = useStore(contextMenuOf(editor).request);
  const [notice, setNotice] = useState<ShownNotice | null>(null);
  const dismiss = useCallback(() => setNotice(null), []);
  return (
    <>
      {request && <OpenMenu key={request.serial} editor={editor} request={request} onNotice={setNotice} />}
      {/* Always there, so that screen readers announce what appears in it. */}
      <div className="context-menu-live" role="status">
        {notice && <Notice notice={notice} onDismiss={dismiss} />}
      </div>
    </>
  );
}

interface OpenMenuProps {
  editor: Editor;
  request: ContextMenuRequest;
  onNotice: (notice: ShownNotice | null) => void;
}

function OpenMenu({ editor, request, onNotice }: OpenMenuProps) {
  const { t } = useTranslation();
  // Read once, when the menu opens: what the entries offer does not change under the pointer.
  const [sections] = useState(() => contextMenuSections(capabilitiesOf(editor), editor));
  const content = useRef<HTMLDivElement>(null);
  const chosen = useRef(false);
  const menu = contextMenuOf(editor);

  useEffect(() => {
    // Opened from the keyboard: the first entry takes the focus, so arrows and Enter work at once.
    if (request.via !== 'keyboard') return;
    const frame = requestAnimationFrame(() => {
      content.current?.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [request.via]);

  const choose = (item: ContextMenuItem): void => {
    chosen.current = true;
    menu.hide();
    // The entry acts on the editor as it was: focus back first (the selection is still the editor's).
    if (!editor.isDestroyed) editor.view.focus();
    onNotice(null);
    try {
      item.run(editor, (notice) => onNotice({ ...notice, x: request.x, y: request.y }));
    } catch (error) {
      console.error(`[tandem] context menu entry ${item.id} failed`, error);
    }
  };

  return (
    <DropdownMenu.Root
      open
      modal={false}
      onOpenChange={(open) => {
        if (!open) menu.hide();
      }}
    >
      <DropdownMenu.Trigger asChild>
        {/* The point the menu opens at: Radix places the menu beside its trigger. */}
        <span className="context-menu-anchor" aria-hidden="true" style={{ left: request.x, top: request.y }} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={content}
          className="context-menu"
          side="bottom"
          align="start"
          sideOffset={2}
          collisionPadding={8}
          loop
          aria-label={t('contextMenu.label')}
          // The anchor has no text: the menu is named by its own label.
          aria-labelledby={undefined}
          data-via={request.via}
          onContextMenu={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => {
            // Never to the anchor: after a choice the entry placed the focus; after Escape it goes back to the text.
            e.preventDefault();
            if (chosen.current || editor.isDestroyed) return;
            const active = document.activeElement;
            if (!active || active === document.body || content.current?.contains(active)) editor.view.focus();
          }}
        >
          {sections.map((section, index) => (
            <Fragment key={section.group}>
              {index > 0 && <DropdownMenu.Separator className="context-menu-separator" />}
              <DropdownMenu.Group data-group={section.group}>
                {section.entries.map(({ item, enabled }) => {
                  const label = t(item.labelKey);
                  return (
                    <DropdownMenu.Item
                      key={item.id}
                      className="context-menu-item"
                      data-entry={item.id}
                      disabled={!enabled}
                      textValue={label}
                      onSelect={(event) => {
                        event.preventDefault();
                        choose(item);
                      }}
                    >
                      <Icon of={item.icon} />
                      <span className="context-menu-label">{label}</span>
                      {item.shortcut && <span className="context-menu-shortcut">{shortcutLabel(item.shortcut)}</span>}
                    </DropdownMenu.Item>
                  );
                })}
              </DropdownMenu.Group>
            </Fragment>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function Notice({ notice, onDismiss }: { notice: ShownNotice; onDismiss: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(onDismiss, NOTICE_MS);
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') onDismiss();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, [onDismiss]);
  const left = Math.max(8, Math.min(notice.x, window.innerWidth - 328));
  return (
    <div className="context-menu-notice" style={{ left, top: notice.y + 4 }}>
      <span>{t(notice.messageKey, { keys: notice.shortcut ? shortcutLabel(notice.shortcut) : '' })}</span>
      <button type="button" className="context-menu-notice-close" onClick={onDismiss}>
        {t('contextMenu.dismiss')}
      </button>
    </div>
  );
}
