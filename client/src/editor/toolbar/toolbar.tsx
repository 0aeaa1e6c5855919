import { useRef, useState, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import type { ToolbarItem } from '../capability';
import { capabilities } from '../capabilities';
import { shortcutLabel } from './shortcut-label';

const items: ToolbarItem[] = capabilities.flatMap((c) => c.toolbar);
const groups = ['text', 'paragraph', 'insert', 'misc'] as const;

/** The formatting toolbar: one roving tab stop, arrow keys move between controls (WAI-ARIA toolbar). */
export function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const [focusIndex, setFocusIndex] = useState(0);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const states = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      items.map((item) => ({
        active: item.isActive?.(e) ?? false,
        enabled: item.isEnabled?.(e) ?? true,
      })),
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

  return (
    <div role="toolbar" aria-label={t('editor.toolbar')} className="toolbar">
      {groups.map((group) => (
        <div key={group} role="group" aria-label={t(`editor.groups.${group}`)} className="toolbar-group">
          {items.map((item, index) => {
            if (item.group !== group) return null;
            const state = states[index];
            const label = t(item.labelKey);
            const shortcut = item.shortcut ? shortcutLabel(item.shortcut) : '';
            return (
              <button
                key={item.id}
                ref={(el) => {
                  refs.current[index] = el;
                }}
                type="button"
                className="toolbar-button"
                data-item={item.id}
                aria-label={label}
                aria-pressed={item.isActive ? state?.active : undefined}
                title={shortcut ? `${label} (${shortcut})` : label}
                disabled={state ? !state.enabled : false}
                tabIndex={index === focusIndex ? 0 : -1}
                onFocus={() => setFocusIndex(index)}
                onKeyDown={(e) => onKeyDown(e, index)}
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
