import { useEffect, useMemo, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { NodeSelection, PluginKey } from '@tiptap/pm/state';
import { useEditorUiState } from '../use-editor-ui-state';
import { BubbleMenu } from '@tiptap/react/menus';
import { useTranslation } from '../../../i18n/use-translation';
import { isControl, type ToolbarButton } from '../capability';
import { capabilitiesOf } from '../capability-list';
import { shortcutLabel } from './shortcut-label';
import { Icon } from '../../ui/icon';
import type { PointerGesture } from './pointer-gesture';

/** Inline formats offered next to a selection, when their capabilities are present. */
const FLOATING_IDS = ['bold', 'italic', 'underline', 'strike', 'code', 'subscript', 'superscript', 'clearFormatting'];

function floatingItemsOf(editor: Editor): ToolbarButton[] {
  const items = capabilitiesOf(editor).flatMap((c) => c.toolbar);
  return FLOATING_IDS.flatMap((id) => {
    const item = items.find((i) => i.id === id);
    return item && !isControl(item) ? [item] : [];
  });
}

/** Whether the bubble belongs beside `from`..`to`: a text range the last mouse gesture selected. */
function wanted(editor: Editor, gesture: PointerGesture, from: number, to: number): boolean {
  return (
    gesture.selected(from, to) &&
    from !== to &&
    editor.isEditable &&
    !editor.isActive('codeBlock') &&
    // A clicked image or video is a node selection with its own popup.
    !(editor.state.selection instanceof NodeSelection)
  );
}

/** The bubble of SelectionToolbar (selection-toolbar.tsx), loaded when first needed. */
/** The box the document scrolls in (the editor's content area), or the viewport outside the page. */
function contentBox(editor: Editor): Element | 'clippingAncestors' {
  return editor.view.dom.closest('.editor-content') ?? 'clippingAncestors';
}

export function SelectionMenu({ editor, gesture }: { editor: Editor; gesture: PointerGesture }) {
  const { t } = useTranslation();
  const [pluginKey] = useState(() => new PluginKey('selectionToolbar'));
  const floatingItems = useMemo(() => floatingItemsOf(editor), [editor]);
  useEffect(
    () =>
      gesture.onEnd(() => {
        if (editor.isDestroyed) return;
        const { from, to } = editor.state.selection;
        if (!wanted(editor, gesture, from, to)) return;
        // The bubble plugin only looks again after a selection change: one that came before the
        // button was released (or before this code arrived) would otherwise leave it hidden.
        editor.view.dispatch(editor.state.tr.setMeta(pluginKey, 'show'));
        editor.view.dispatch(editor.state.tr.setMeta(pluginKey, 'updatePosition'));
      }),
    [editor, gesture, pluginKey],
  );
  const active = useEditorUiState({
    editor,
    selector: ({ editor: e }) => floatingItems.map((item) => item.isActive?.(e) ?? false),
    equalityFn: (a, b) => b !== null && a.every((v, i) => v === b[i]),
  });

  return (
    <BubbleMenu
      editor={editor}
      pluginKey={pluginKey}
      shouldShow={({ editor: e, from, to }) => wanted(e, gesture, from, to)}
      // Within the document's box: over the first line it goes under the selection instead of covering
      // the main toolbar above the text.
      options={{ placement: 'top', flip: { boundary: contentBox(editor), fallbackPlacements: ['bottom'] } }}
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

export default SelectionMenu;
