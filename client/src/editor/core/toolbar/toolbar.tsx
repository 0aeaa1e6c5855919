import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/core';
import { useEditorUiState } from '../use-editor-ui-state';
import { useSurface } from '../editor-surface';
import { useTranslation } from '../../../i18n/use-translation';
import {
  isControl,
  type CapabilityContext,
  type ToolbarGroup,
  type ToolbarItem,
  type ToolbarTriggerProps,
} from '../capability';
import { capabilitiesOf } from '../capability-list';
import { CaseSensitive, Ellipsis, FileClock, Pilcrow, SquarePlus } from 'lucide-react';
import { Icon, withChevron, type IconComponent } from '../../ui/icon';
import { shortcutLabel } from './shortcut-label';
import { whenIdle } from '../lazy';
import { preloadToolbarMenu } from '../../ui/toolbar-menu';
import { preloadToolbarPopover } from '../../ui/toolbar-popover';
import { breakpointOf, layoutToolbar, type Breakpoint } from './toolbar-layout';
import { syncSelectionFromDom } from '../dom-selection';

// Each group's "More" toggle shows what kind of controls it holds, with the chevron of a menu.
const MORE_ICONS: Record<ToolbarGroup, IconComponent> = {
  text: withChevron(CaseSensitive),
  document: withChevron(FileClock),
  paragraph: withChevron(Pilcrow),
  insert: withChevron(SquarePlus),
  misc: withChevron(Ellipsis),
};

/** While a pane replaces the rich text, only the items marked to stay active can act (and take focus). */
function isUsable(item: ToolbarItem, replacedBy: string | null): boolean {
  return !replacedBy || item.keepActive === true;
}

/** One focusable stop of the roving tabindex: an item or a group's "More" toggle. */
type Stop = { kind: 'item'; item: ToolbarItem } | { kind: 'more'; group: ToolbarGroup };

function useBreakpoint(ref: React.RefObject<HTMLElement | null>): Breakpoint {
  const [breakpoint, setBreakpoint] = useState<Breakpoint>('desktop');
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBreakpoint(breakpointOf(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return breakpoint;
}

/**
 * The formatting toolbar (WAI-ARIA toolbar): groups like Froala's (text, paragraph, insert, misc), each
 * showing what fits the width and a "More …" toggle that opens the rest in a second row; one roving
 * tab stop, arrow keys / Home / End move between the visible controls.
 */
export function Toolbar({ editor, context }: { editor: Editor; context: CapabilityContext }) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const breakpoint = useBreakpoint(rootRef);
  const [openGroup, setOpenGroup] = useState<ToolbarGroup | null>(null);
  const [focusKey, setFocusKey] = useState<string>('');
  const refs = useRef(new Map<string, HTMLButtonElement>());

  const items = useMemo(() => capabilitiesOf(editor).flatMap((c) => c.toolbar), [editor]);
  const { replacedBy } = useSurface(editor);
  // Menus and popups are not part of the first paint, but every author opens them, also offline: their
  // code is fetched as soon as the page is idle.
  useEffect(
    () =>
      whenIdle(() => {
        void preloadToolbarMenu();
        void preloadToolbarPopover();
      }),
    [],
  );
  const layout = useMemo(() => layoutToolbar(items, breakpoint), [items, breakpoint]);
  const extra = useMemo(() => layout.find((g) => g.group === openGroup)?.overflow ?? [], [layout, openGroup]);
  const stops: Stop[] = useMemo(() => {
    const usable = (item: ToolbarItem): boolean => isUsable(item, replacedBy);
    return [
      ...layout.flatMap((g): Stop[] => [
        ...g.visible.filter(usable).map((item): Stop => ({ kind: 'item', item })),
        ...(g.overflow.length > 0 ? [{ kind: 'more', group: g.group } as const] : []),
      ]),
      ...extra.filter(usable).map((item): Stop => ({ kind: 'item', item })),
    ];
  }, [layout, extra, replacedBy]);
  const keyOf = (stop: Stop): string => (stop.kind === 'item' ? stop.item.id : `more-${stop.group}`);
  const activeKey = stops.some((s) => keyOf(s) === focusKey) ? focusKey : stops[0] ? keyOf(stops[0]) : '';

  const states = useEditorUiState({
    editor,
    selector: ({ editor: e }) =>
      items.map((item) =>
        isControl(item)
          ? { active: false, enabled: true }
          : { active: item.isActive?.(e) ?? false, enabled: item.isEnabled?.(e) ?? true },
      ),
    equalityFn: (a, b) => b !== null && a.every((s, i) => s.active === b[i]?.active && s.enabled === b[i]?.enabled),
  });

  const focusStop = (index: number): void => {
    const stop = stops[(index + stops.length) % stops.length];
    if (!stop) return;
    const key = keyOf(stop);
    setFocusKey(key);
    refs.current.get(key)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, key: string): void => {
    const index = stops.findIndex((s) => keyOf(s) === key);
    if (event.key === 'ArrowRight') focusStop(index + 1);
    else if (event.key === 'ArrowLeft') focusStop(index - 1);
    else if (event.key === 'Home') focusStop(0);
    else if (event.key === 'End') focusStop(stops.length - 1);
    else if (event.key === 'Escape') editor.commands.focus();
    else return;
    event.preventDefault();
  };
  const register = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) refs.current.set(key, el);
    else refs.current.delete(key);
  };

  const triggerProps = (item: ToolbarItem): ToolbarTriggerProps => {
    const label = t(item.labelKey);
    const shortcut = item.shortcut ? shortcutLabel(item.shortcut) : '';
    return {
      ref: register(item.id),
      tabIndex: item.id === activeKey ? 0 : -1,
      onFocus: () => setFocusKey(item.id),
      onKeyDown: (e) => onKeyDown(e, item.id),
      'data-item': item.id,
      'aria-label': label,
      title: shortcut ? `${label} (${shortcut})` : label,
      className: 'toolbar-button',
      disabled: !isUsable(item, replacedBy),
    };
  };

  const renderItem = (item: ToolbarItem, inOverflow: boolean) => {
    const trigger = triggerProps(item);
    if (isControl(item)) {
      const { Component } = item;
      return <Component key={item.id} editor={editor} context={context} trigger={trigger} inOverflow={inOverflow} />;
    }
    const state = states[items.indexOf(item)];
    return (
      <button
        key={item.id}
        {...trigger}
        type="button"
        aria-pressed={item.isActive ? state?.active : undefined}
        disabled={!isUsable(item, replacedBy) || (state ? !state.enabled : false)}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => item.run(editor)}
      >
        <Icon of={item.icon} />
      </button>
    );
  };

  return (
    <div
      ref={rootRef}
      role="toolbar"
      aria-label={t('editor.toolbar')}
      className="toolbar"
      data-breakpoint={breakpoint}
      onMouseDownCapture={() => syncSelectionFromDom(editor)}
    >
      <div className="toolbar-row">
        {layout.map(({ group, visible, overflow }) => (
          <div key={group} role="group" aria-label={t(`editor.groups.${group}`)} className="toolbar-group">
            {visible.map((item) => renderItem(item, false))}
            {overflow.length > 0 && (
              <button
                ref={register(`more-${group}`)}
                type="button"
                className={`toolbar-button toolbar-more${openGroup === group ? ' is-active' : ''}`}
                data-item={`more-${group}`}
                aria-label={t(`editor.more.${group}`)}
                title={t(`editor.more.${group}`)}
                aria-expanded={openGroup === group}
                aria-controls={openGroup === group ? 'toolbar-overflow' : undefined}
                tabIndex={`more-${group}` === activeKey ? 0 : -1}
                onFocus={() => setFocusKey(`more-${group}`)}
                onKeyDown={(e) => onKeyDown(e, `more-${group}`)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => setOpenGroup((g) => (g === group ? null : group))}
              >
                <Icon of={MORE_ICONS[group]} />
              </button>
            )}
          </div>
        ))}
      </div>
      {openGroup && extra.length > 0 && (
        <div
          id="toolbar-overflow"
          role="group"
          aria-label={t(`editor.more.${openGroup}`)}
          className="toolbar-row toolbar-overflow"
        >
          {extra.map((item) => renderItem(item, true))}
        </div>
      )}
    </div>
  );
}
