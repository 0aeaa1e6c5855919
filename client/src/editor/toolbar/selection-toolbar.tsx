import { useEffect, useRef } from 'react';
import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { useEditorUiState } from '../use-editor-ui-state';
import { BubbleMenu } from '@tiptap/react/menus';
import { useTranslation } from 'react-i18next';
import { isControl, type ToolbarButton } from '../capability';
import { capabilities } from '../capabilities';
import { shortcutLabel } from './shortcut-label';
import { Icon } from '../ui/icon';

/** Inline formats offered next to a selection, when their capabilities are present. */
const FLOATING_IDS = ['bold', 'italic', 'underline', 'strike', 'code', 'subscript', 'superscript', 'clearFormatting'];

const floatingItems: ToolbarButton[] = FLOATING_IDS.flatMap((id) => {
  const item = capabilities.flatMap((c) => c.toolbar).find((i) => i.id === id);
  return item && !isControl(item) ? [item] : [];
});

/**
 * The floating toolbar beside a text selection made with the mouse (a keyboard user already has the
 * toolbar one Alt+F10 away). It hides as soon as the selection changes in any other way.
 */
export function SelectionToolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  // The selection the last mouse gesture ended with; any other selection (keyboard, commands) hides it.
  const pointerSelection = useRef<{ from: number; to: number } | null>(null);
  useEffect(() => {
    const dom = editor.view.dom;
    let pressed = false;
    const onDown = (): void => {
      pressed = true;
      pointerSelection.current = null;
    };
    const onUp = (): void => {
      if (!pressed) return;
      pressed = false;
      // After the browser and ProseMirror have turned the gesture into a selection.
      setTimeout(() => {
        if (editor.isDestroyed) return;
        const { from, to } = editor.state.selection;
        pointerSelection.current = from === to ? null : { from, to };
        // A meta-only transaction makes the bubble menu re-check whether to show.
        editor.view.dispatch(editor.state.tr.setMeta('selectionToolbar', true));
      }, 0);
    };
    dom.addEventListener('pointerdown', onDown);
    document.addEventListener('pointerup', onUp);
    return () => {
      dom.removeEventListener('pointerdown', onDown);
      document.removeEventListener('pointerup', onUp);
    };
  }, [editor]);
  const active = useEditorUiState({
    editor,
    selector: ({ editor: e }) => floatingItems.map((item) => item.isActive?.(e) ?? false),
    equalityFn: (a, b) => b !== null && a.every((v, i) => v === b[i]),
  });

  return (
    <BubbleMenu
      editor={editor}
      shouldShow={({ editor: e, from, to }) =>
        pointerSelection.current?.from === from &&
        pointerSelection.current.to === to &&
        from !== to &&
        e.isEditable &&
        !e.isActive('codeBlock') &&
        // A clicked image or video is a node selection with its own popup.
        !(e.state.selection instanceof NodeSelection)
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
            <Icon of={item.icon} />
          </button>
        );
      })}
    </BubbleMenu>
  );
}
