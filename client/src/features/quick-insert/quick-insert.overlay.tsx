import { Plus } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '../../lib/store';
import { createPortal } from 'react-dom';
import { Popover, preloadRadixKit } from '../../editor/core/lazy';
import type { Editor } from '@tiptap/core';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { useTranslation } from '../../i18n/use-translation';
import { capabilitiesOf } from '../../editor/core/capability-list';
import type { EditorUiProps, InsertItem } from '../../editor/core/capability';
import { InsertList } from './insert-list';
import { collectInsertItems, filterInsertItems } from './insert-items';
import { DRAG_HANDLE_SPACE, emptyBlockAt } from './empty-block';
import './quick-insert.css';

/** The "+" button beside an empty block and the `/` command menu. */
export function QuickInsertOverlay({ editor }: EditorUiProps) {
  return (
    <>
      <PlusButton editor={editor} />
      <SlashMenu editor={editor} />
    </>
  );
}

function PlusButton({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const current = useEditorUiState({ editor, selector: ({ editor: e }) => emptyBlockAt(e) });
  // While the menu has the focus the editor is blurred; keep the button where it was.
  const at = open ? openedAt : current;
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Placed imperatively: the block moves on scroll and resize without any editor transaction.
  useLayoutEffect(() => {
    const button = buttonRef.current;
    if (at === null || !button) return undefined;
    const place = (): void => {
      const node = editor.view.nodeDOM(at);
      if (!(node instanceof HTMLElement)) {
        button.style.visibility = 'hidden';
        return;
      }
      const rect = node.getBoundingClientRect();
      const line = parseFloat(getComputedStyle(node).lineHeight) || rect.height;
      const top = rect.top + Math.max(0, (Math.min(line, rect.height) - button.offsetHeight) / 2);
      // Left of the drag handle that also sits at the block's left edge; kept inside the viewport.
      const left = Math.max(4, rect.left - button.offsetWidth - DRAG_HANDLE_SPACE);
      Object.assign(button.style, { top: `${top}px`, left: `${left}px`, visibility: '' });
    };
    place();
    window.addEventListener('scroll', place, { capture: true, passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [editor, at]);

  if (at === null) return null;
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setOpenedAt(at);
        setOpen(next);
      }}
    >
      <Popover.Trigger asChild>
        <button
          type="button"
          ref={buttonRef}
          className="quick-insert-button"
          aria-label={t('quickInsert.button')}
          title={t('quickInsert.button')}
          // Keep the caret (and so the button) in the empty block.
          onMouseDown={(e) => e.preventDefault()}
          // The popup's code is on its way while the pointer (or the focus) reaches the button.
          onPointerEnter={() => void preloadRadixKit()}
          onFocus={() => void preloadRadixKit()}
        >
          <Icon of={Plus} />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="toolbar-popup quick-insert-popup"
          side="bottom"
          align="start"
          sideOffset={4}
          aria-label={t('quickInsert.button')}
          onCloseAutoFocus={(e) => {
            // Back to the caret in the block, never to a button that is about to disappear.
            e.preventDefault();
            editor.commands.focus();
          }}
        >
          <FilterMenu
            editor={editor}
            onPick={(item) => {
              setOpen(false);
              editor.commands.focus();
              item.run(editor);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Filter field plus list (combobox pattern): typing filters, arrows move, Enter inserts. */
function FilterMenu({ editor, onPick }: { editor: Editor; onPick: (item: InsertItem) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const all = useMemo(() => collectInsertItems(capabilitiesOf(editor)), [editor]);
  const items = useMemo(() => filterInsertItems(all, query, (key) => t(key)), [all, query, t]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (items.length === 0) return;
    if (event.key === 'ArrowDown') setActive((active + 1) % items.length);
    else if (event.key === 'ArrowUp') setActive((active - 1 + items.length) % items.length);
    else if (event.key === 'Enter') {
      const item = items[active];
      if (item) onPick(item);
    } else return;
    event.preventDefault();
  };
  const activeItem = items[active];
  return (
    <>
      <input
        className="quick-insert-filter"
        role="combobox"
        aria-label={t('quickInsert.filter')}
        aria-expanded={items.length > 0}
        aria-controls={id}
        aria-activedescendant={activeItem ? `${id}-${activeItem.id}` : undefined}
        aria-autocomplete="list"
        placeholder={t('quickInsert.placeholder')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <InsertList id={id} items={items} active={active} onActive={setActive} onPick={onPick} />
    </>
  );
}

function SlashMenu({ editor }: { editor: Editor }) {
  const store = editor.storage.quickInsert.slash;
  const state = useStore(store);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const { open, mount } = state;

  useLayoutEffect(() => {
    const element = ref.current;
    if (!open || !mount || !element) return undefined;
    return mount(element, {
      onPosition: ({ x, y, strategy }) => {
        Object.assign(element.style, { position: strategy, left: `${x}px`, top: `${y}px` });
        element.dataset.positioned = 'true';
      },
    });
  }, [open, mount]);

  if (!open) return null;
  return createPortal(
    <div ref={ref} className="toolbar-popup quick-insert-popup quick-insert-slash">
      {state.loading && state.items.length === 0 ? null : (
        <InsertList
          id={id}
          items={state.items}
          active={state.active}
          onActive={(index) => store.highlight(index)}
          onPick={(item) => state.choose(item)}
        />
      )}
    </div>,
    document.body,
  );
}

export default QuickInsertOverlay;
