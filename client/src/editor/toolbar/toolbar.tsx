import { useRef, useState, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { isControl, type CapabilityContext, type ToolbarItem, type ToolbarTriggerProps } from '../capability';
import { capabilities } from '../capabilities';
import { shortcutLabel } from './shortcut-label';

const items: ToolbarItem[] = capabilities.flatMap((c) => c.toolbar);
const groups = ['text', 'paragraph', 'insert', 'misc'] as const;

/** The formatting toolbar: one roving tab stop, arrow keys move between controls (WAI-ARIA toolbar). */
export function Toolbar({ editor, context }: { editor: Editor; context: CapabilityContext }) {
  const { t } = useTranslation();
  const [focusIndex, setFocusIndex] = useState(0);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const states = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      items.map((item) =>
        isControl(item)
          ? { active: false, enabled: true }
          : { active: item.isActive?.(e) ?? false, enabled: item.isEnabled?.(e) ?? true },
      ),
    equalityFn: (a, b) => b !== null && a.every((s, i) => s.active === b[i]?.active && s.enabled === b[i]?.enabled),
  });

  const move = (from: number, delta: number): void => {
    const next = (from + delta + items.length) % items.length;
    setFocusIndex(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number): void => {
    if (event.key === 'ArrowRight') move(index, 1);
    else if (event.key === 'ArrowLeft') move(index, -1);
    else if (event.key === 'Home') move(0, 0);
    else if (event.key === 'End') move(items.length - 1, 0);
    else return;
    event.preventDefault();
  };

  const triggerProps = (item: ToolbarItem, index: number): ToolbarTriggerProps => {
    const label = t(item.labelKey);
    const shortcut = item.shortcut ? shortcutLabel(item.shortcut) : '';
    return {
      ref: (el: HTMLButtonElement | null) => {
        refs.current[index] = el;
      },
      tabIndex: index === focusIndex ? 0 : -1,
      onFocus: () => setFocusIndex(index),
      onKeyDown: (e) => onKeyDown(e, index),
      'data-item': item.id,
      'aria-label': label,
      title: shortcut ? `${label} (${shortcut})` : label,
      className: 'toolbar-button',
    };
  };

  return (
    <div role="toolbar" aria-label={t('editor.toolbar')} className="toolbar">
      {groups.map((group) => (
        <div key={group} role="group" aria-label={t(`editor.groups.${group}`)} className="toolbar-group">
          {items.map((item, index) => {
            if (item.group !== group) return null;
            const trigger = triggerProps(item, index);
            if (isControl(item)) {
              const { Component } = item;
              return <Component key={item.id} editor={editor} context={context} trigger={trigger} inOverflow={false} />;
            }
            const state = states[index];
            return (
              <button
                key={item.id}
                {...trigger}
                type="button"
                aria-pressed={item.isActive ? state?.active : undefined}
                disabled={state ? !state.enabled : false}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => item.run(editor)}
              >
                <span aria-hidden="true">{item.icon}</span>
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
