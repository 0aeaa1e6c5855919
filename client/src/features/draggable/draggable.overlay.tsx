import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Tooltip } from '../../editor/core/lazy';
import { DragHandle, type DragHandleProps } from '@tiptap/extension-drag-handle-react';
import type { EditorUiProps } from '../../editor/core/capability';
import './draggable.css';

// Stable identity: a new object on every render would re-register the drag handle plugin.
const position: DragHandleProps['computePositionConfig'] = { placement: 'left-start', strategy: 'absolute' };

/** The drag handle left of the hovered top-level block; a click selects the block. */
export function DraggableOverlay({ editor }: EditorUiProps) {
  const { t } = useTranslation();
  const hovered = useRef(-1);
  const [tooltipOpen, setTooltipOpen] = useState(false);
  const label = t('draggable.label');

  return (
    <DragHandle
      editor={editor}
      className="drag-handle"
      computePositionConfig={position}
      onNodeChange={({ pos }) => {
        hovered.current = pos;
        // The handle jumps to another block: its tooltip must not linger there.
        setTooltipOpen(false);
      }}
    >
      <Tooltip.Provider delayDuration={400} disableHoverableContent>
        <Tooltip.Root open={tooltipOpen} onOpenChange={setTooltipOpen}>
          <Tooltip.Trigger asChild>
            <button
              type="button"
              className="drag-handle-button"
              aria-label={label}
              // Shown only on hover; Alt+Shift+↑/↓ is the keyboard way to move a block.
              tabIndex={-1}
              onClick={() => {
                if (hovered.current >= 0) editor.chain().focus().setNodeSelection(hovered.current).run();
              }}
            >
              ⠿
            </button>
          </Tooltip.Trigger>
          <Tooltip.Portal>
            <Tooltip.Content className="drag-handle-tooltip" side="top" sideOffset={4}>
              {t('draggable.tooltip')}
            </Tooltip.Content>
          </Tooltip.Portal>
        </Tooltip.Root>
      </Tooltip.Provider>
    </DragHandle>
  );
}

export default DraggableOverlay;
