import { Table } from 'lucide-react';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { Icon } from '../../editor/ui/icon';
import { Lazy, preloadPart, type LazyPart } from '../../editor/core/lazy';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import type { ComponentProps } from 'react';
import type { TableGrid } from './table-editing';
import { currentTable, insertTable } from './table-state';

// The grid comes with table editing (fetched at idle time, or when the popup first opens).
const tableGrid: LazyPart<ComponentProps<typeof TableGrid>> = { ui: () => import('./table-grid-part') };

export function InsertTableControl({ editor, trigger }: ToolbarControlProps) {
  const inTable = useEditorUiState({ editor, selector: ({ editor: e }) => currentTable(e.state) !== null });
  // Pointing at or focusing the button fetches the grid alongside the popup's own code.
  const preloading: ToolbarControlProps['trigger'] & { onPointerOver: () => void } = {
    ...trigger,
    onFocus: (event) => {
      trigger.onFocus(event);
      void preloadPart(tableGrid);
    },
    onPointerOver: () => void preloadPart(tableGrid),
  };
  return (
    <ToolbarPopover trigger={preloading} display={<Icon of={Table} />} disabled={inTable}>
      {(close) => (
        <Lazy
          part={tableGrid}
          onPick={(rows, cols) => {
            insertTable(editor, rows, cols);
            close(true);
          }}
        />
      )}
    </ToolbarPopover>
  );
}
