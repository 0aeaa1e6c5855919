import { useEffect, useRef } from 'react';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { BubbleMenu } from '@tiptap/react/menus';
import { useTranslation } from 'react-i18next';
import { isControl, type ToolbarButton } from '../capability';
import { capabilities } from '../capabilities';
import { shortcutLabel } from './shortcut-label';

/** Inline formats offered next to a selection, when their capabilities are present. */
const FLOATING_IDS = ['bold', 'italic', 'underline', 'strike', 'code', 'subscript', 'superscript', 'clearFormatting'];

const floatingItems: ToolbarButton[] = FLOATING_IDS.flatMap((id) => {
  const item = capabilities.flatMap((c) => c.toolbar).find((i) => i.id === id);
  return item && !isControl(item) ? [item] : [];
});

/**
 * The floating toolbar beside a text selection made with the mouse (a keyboard user already has the
 * toolbar one Alt+F10 away). It hides as soon as the author types or the selection collapses.
 */
export function SelectionToolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const byPointer = useRef(false);
  useEffect(() => {
    const dom = editor.view.dom;
    const onPointer = (): void => {
      byPointer.current = true;
    };
    const onKey = (): void => {
      byPointer.current = false;
    };
    dom.addEventListener('pointerdown', onPointer);
    dom.addEventListener('keydown', onKey);
    return () => {
      dom.removeEventListener('pointerdown', onPointer);
      dom.removeEventListener('keydown', onKey);
    };
  }, [editor]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => floatingItems.map((item) => item.isActive?.(e) ?? false),
    equalityFn: (a, b) => b !== null && a.every((v, i) => v === b[i]),
  });

  return (
    <BubbleMenu
      editor={editor}
      shouldShow={({ editor: e, from, to }) =>
        byPointer.current &&
        from !== to &&
        e.isEditable &&
        !e.isActive('codeBlock') &&
        e.state.selection.content().size > 0
      }
      options={{ placement: 'top' }}
      className="selection-toolbar"
      role="toolbar"
      aria-label={t('editor.selectionToolbar')}
    >
      {floatingItems.map((item, index) => {
        const label = t(item.labelKey);
        const shortcut = item.shortcut ? ` (${shortcutLabel(item.shortcut)})` : '';
        return (
          <button
            key={item.id}
            type="button"
            className="toolbar-button"
            data-item={`floating-${item.id}`}
            aria-label={label}
            title={label + shortcut}
            aria-pressed={active[index] ?? false}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => item.run(editor)}
          >
            <span aria-hidden="true">{item.icon}</span>
          </button>
        );
      })}
    </BubbleMenu>
  );
}
