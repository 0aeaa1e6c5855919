import { autoUpdate, computePosition, flip, offset, shift } from '@floating-ui/dom';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { Editor } from '@tiptap/core';
import { useTranslation } from '../../../i18n/use-translation';
import {
  isControl,
  type CapabilityContext,
  type ContextToolbar,
  type ContextToolbarItems,
  type ToolbarItem,
  type ToolbarTriggerProps,
} from '../capability';
import { chunk, type Chunk } from '../lazy';
import { capabilitiesOf } from '../capability-list';
import { useEditorUiState } from '../use-editor-ui-state';
import { Icon } from '../../ui/icon';
import { shortcutLabel } from './shortcut-label';
import './context-toolbar.css';
import { onContextToolbarFocusRequest, takeFocusRequest } from './context-toolbar-focus';

/** Position of the innermost node of this type around the selection, or null. */
function nodeAround(editor: Editor, nodeType: string): number | null {
  const { $from } = editor.state.selection;
  for (let d = $from.depth; d > 0; d--) if ($from.node(d).type.name === nodeType) return $from.before(d);
  return null;
}

function nodeRect(editor: Editor, pos: number): DOMRect {
  try {
    const dom = editor.view.nodeDOM(pos);
    if (dom instanceof Element) return dom.getBoundingClientRect();
  } catch {
    // The view may be mid-update (a remote change); the toolbar stays where it was.
  }
  return new DOMRect();
}

type LoadedToolbar = ContextToolbar & { items: ToolbarItem[] };

// One loader per declared items module (the same declaration for every editor on the page).
const itemChunks = new WeakMap<ContextToolbarItems, Chunk<{ items: ToolbarItem[] }>>();
const itemsChunk = (load: ContextToolbarItems): Chunk<{ items: ToolbarItem[] }> => {
  let found = itemChunks.get(load);
  if (!found) {
    found = chunk(load);
    itemChunks.set(load, found);
  }
  return found;
};

/** The toolbar with its items, or null while its items' module is on its way. */
function loadedToolbar(toolbar: ContextToolbar): LoadedToolbar | null {
  if (Array.isArray(toolbar.items)) return { ...toolbar, items: toolbar.items };
  const module = itemsChunk(toolbar.items).loaded();
  return module ? { ...toolbar, items: module.items } : null;
}

/** The positioned context toolbars of ContextToolbars (context-toolbar.tsx), loaded when first needed. */
export function ContextToolbars({ editor, context }: { editor: Editor; context: CapabilityContext }) {
  const declared = useMemo(() => capabilitiesOf(editor).flatMap((c) => c.contextToolbars ?? []), [editor]);
  const [, setArrived] = useState(0);
  const toolbars = declared.map(loadedToolbar);
  const waiting = toolbars.some((toolbar) => toolbar === null);
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    for (const toolbar of declared) {
      if (Array.isArray(toolbar.items)) continue;
      itemsChunk(toolbar.items)
        .load()
        .then(
          () => live && setArrived((n) => n + 1),
          (error: unknown) => console.error('[tandem] a context toolbar could not be loaded', error),
        );
    }
    return () => {
      live = false;
    };
  }, [declared, waiting]);
  if (waiting) return null;
  return <LoadedToolbars editor={editor} context={context} toolbars={toolbars as LoadedToolbar[]} />;
}

function LoadedToolbars({
  editor,
  context,
  toolbars,
}: {
  editor: Editor;
  context: CapabilityContext;
  toolbars: LoadedToolbar[];
}) {
  // A focus request no toolbar took (the selection left the table before the code arrived) is dropped
  // (the toolbars' own effects ran before this one).
  useEffect(() => void takeFocusRequest(editor), [editor]);
  return (
    <>
      {toolbars.map((toolbar) => (
        <ContextToolbarView key={toolbar.id} editor={editor} context={context} toolbar={toolbar} />
      ))}
    </>
  );
}

function ContextToolbarView({
  editor,
  context,
  toolbar,
}: {
  editor: Editor;
  context: CapabilityContext;
  toolbar: LoadedToolbar;
}) {
  const { t } = useTranslation();
  const pos = useEditorUiState({
    editor,
    selector: ({ editor: e }) => (e.isEditable ? nodeAround(e, toolbar.nodeType) : null),
  });
  const states = useEditorUiState({
    editor,
    selector: ({ editor: e }) =>
      !e.isEditable || nodeAround(e, toolbar.nodeType) === null
        ? []
        : toolbar.items.map((item) =>
            isControl(item)
              ? { active: false, enabled: true }
              : { active: item.isActive?.(e) ?? false, enabled: item.isEnabled?.(e) ?? true },
          ),
    equalityFn: (a, b) =>
      b !== null &&
      a.length === b.length &&
      a.every((s, i) => s.active === b[i]?.active && s.enabled === b[i]?.enabled),
  });
  const floating = useRef<HTMLDivElement>(null);
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const [focusId, setFocusId] = useState(toolbar.items[0]?.id ?? '');

  // Typing hides the toolbar (it would cover the next lines); a click, Tab or an arrow key shows it again.
  // The node typing hid it in: coming into another node shows it again.
  const [typingIn, setTypingIn] = useState<number | null>(null);
  useEffect(() => {
    const dom = editor.view.dom;
    const onKey = (e: globalThis.KeyboardEvent): void => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const typing = e.key.length === 1 || e.key === 'Backspace' || e.key === 'Delete' || e.key === 'Enter';
      setTypingIn(typing ? nodeAround(editor, toolbar.nodeType) : null);
    };
    const onPointer = (): void => setTypingIn(null);
    dom.addEventListener('keydown', onKey);
    dom.addEventListener('pointerdown', onPointer);
    return () => {
      dom.removeEventListener('keydown', onKey);
      dom.removeEventListener('pointerdown', onPointer);
    };
  }, [editor, toolbar.nodeType]);
  const shown = pos !== null && typingIn !== pos;

  useLayoutEffect(() => {
    const el = floating.current;
    if (!shown || !el) return;
    // Above the node (below it when there is no room): never over the node's own content, which the
    // author is working in (the cells under a table's toolbar could not be clicked).
    const reference = { getBoundingClientRect: () => nodeRect(editor, pos), contextElement: editor.view.dom };
    const place = (): void => {
      void computePosition(reference, el, {
        strategy: 'fixed',
        placement: 'top-start',
        middleware: [offset(6), flip({ fallbackPlacements: ['bottom-start'] }), shift({ padding: 8 })],
      }).then(({ x, y }) => {
        el.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
      });
    };
    return autoUpdate(reference, el, place, { animationFrame: false, elementResize: true, layoutShift: true });
  }, [editor, pos, shown, toolbar]);

  useEffect(() => {
    const focus = (): boolean => {
      if (pos === null) return false;
      setTypingIn(null);
      // After the toolbar has rendered (typing may have hidden it).
      requestAnimationFrame(() => (refs.current.get(focusId) ?? [...refs.current.values()][0])?.focus());
      return true;
    };
    const stop = onContextToolbarFocusRequest(editor, focus);
    // Alt+F10 was pressed before this code arrived.
    if (pos !== null && takeFocusRequest(editor)) focus();
    return stop;
  }, [editor, pos, focusId]);

  if (!shown) return null;

  const ids = toolbar.items.map((i) => i.id);
  const activeId = ids.includes(focusId) ? focusId : (ids[0] ?? '');
  const move = (event: KeyboardEvent, id: string): void => {
    const index = ids.indexOf(id);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % ids.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + ids.length) % ids.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = ids.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      editor.commands.focus();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    const nextId = ids[next] ?? '';
    setFocusId(nextId);
    refs.current.get(nextId)?.focus();
  };
  const trigger = (id: string, labelKey: string, shortcut?: string): ToolbarTriggerProps => {
    const label = t(labelKey);
    const hint = shortcut ? ` (${shortcutLabel(shortcut)})` : '';
    return {
      ref: (el: HTMLButtonElement | null) => {
        if (el) refs.current.set(id, el);
        else refs.current.delete(id);
      },
      tabIndex: id === activeId ? 0 : -1,
      onFocus: () => setFocusId(id),
      onKeyDown: (e) => move(e, id),
      'data-item': id,
      'aria-label': label,
      title: label + hint,
      className: 'toolbar-button',
      disabled: false,
    };
  };

  return createPortal(
    <div
      ref={floating}
      role="toolbar"
      aria-label={t(toolbar.labelKey)}
      className="context-toolbar"
      data-context-toolbar={toolbar.id}
    >
      {toolbar.items.map((item, index) => {
        const props = trigger(item.id, item.labelKey, item.shortcut);
        if (isControl(item)) {
          const { Component } = item;
          return <Component key={item.id} editor={editor} context={context} trigger={props} inOverflow={false} />;
        }
        const state = states[index];
        return (
          <button
            key={item.id}
            {...props}
            type="button"
            aria-pressed={item.isActive ? state?.active : undefined}
            disabled={state ? !state.enabled : false}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => item.run(editor)}
          >
            <Icon of={item.icon} />
          </button>
        );
      })}
    </div>,
    document.body,
  );
}

export default ContextToolbars;
