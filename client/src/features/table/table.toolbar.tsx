import { PaintBucket } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TableLimits } from '@shared/limits';
import type { ToolbarControlProps } from '../../editor/capability';
import { Icon, type IconComponent } from '../../editor/ui/icon';
import { ToolbarMenu, type MenuEntry } from '../../editor/ui/toolbar-menu';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import { useEditorUiState } from '../../editor/use-editor-ui-state';
import { optionLabel } from '../../lib/option-labels';
import { ColorPicker } from '../colors/colors.toolbar';
import { nextCellIndex } from '../colors/grid-navigation';
import {
  currentCellAttrs,
  currentTable,
  runTableCommand,
  tableStep,
  toggleCellClass,
  toggleTableClass,
} from './table-commands';
import { Table } from 'lucide-react';

const MAX_ROWS = TableLimits.insertGridMaxRows;
const MAX_COLS = TableLimits.insertGridMaxCols;

/** Inserts a rows × cols table (100 % wide, equal columns) with the caret in its first cell. */
export function insertTable(editor: ToolbarControlProps['editor'], rows: number, cols: number): boolean {
  return tableStep(editor, (e) => e.chain().focus().insertTable({ rows, cols, withHeaderRow: false }).run());
}

/**
 * The grid picker (FROALA-REFERENCE §27): hovering or arrow keys highlight a size up to 10 × 10, the
 * label says "R × C", a click or Enter inserts. One roving tab stop; the grid wraps like the colour grids.
 */
export function TableGrid({ onPick }: { onPick: (rows: number, cols: number) => void }) {
  const { t } = useTranslation();
  const [at, setAt] = useState({ row: 1, col: 1 });
  const refs = useRef<Array<HTMLDivElement | null>>([]);
  const count = MAX_ROWS * MAX_COLS;
  const focus = (index: number): void => {
    setAt({ row: Math.floor(index / MAX_COLS) + 1, col: (index % MAX_COLS) + 1 });
    refs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number): void => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick(at.row, at.col);
      return;
    }
    const next = nextCellIndex(event.key, index, count, MAX_COLS);
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    focus(next);
  };
  const size = t('table.size', { rows: at.row, cols: at.col });
  return (
    <div className="table-grid-picker">
      <div role="grid" aria-label={t('table.grid')} className="table-grid">
        {Array.from({ length: MAX_ROWS }, (_, r) => (
          <div role="row" key={r} className="table-grid-row">
            {Array.from({ length: MAX_COLS }, (_, c) => {
              const index = r * MAX_COLS + c;
              const lit = r < at.row && c < at.col;
              const label = t('table.size', { rows: r + 1, cols: c + 1 });
              return (
                <div
                  key={c}
                  ref={(el) => {
                    refs.current[index] = el;
                  }}
                  role="gridcell"
                  aria-label={label}
                  aria-selected={r + 1 === at.row && c + 1 === at.col}
                  tabIndex={r + 1 === at.row && c + 1 === at.col ? 0 : -1}
                  data-size={`${r + 1}x${c + 1}`}
                  className={`table-grid-cell${lit ? ' is-lit' : ''}`}
                  onMouseEnter={() => setAt({ row: r + 1, col: c + 1 })}
                  onFocus={() => setAt({ row: r + 1, col: c + 1 })}
                  onKeyDown={(e) => onKeyDown(e, index)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => onPick(r + 1, c + 1)}
                />
              );
            })}
          </div>
        ))}
      </div>
      <p className="table-grid-label" aria-live="polite">
        {size}
      </p>
    </div>
  );
}

export function InsertTableControl({ editor, trigger }: ToolbarControlProps) {
  const inTable = useEditorUiState({ editor, selector: ({ editor: e }) => currentTable(e.state) !== null });
  return (
    <ToolbarPopover trigger={trigger} display={<Icon of={Table} />} disabled={inTable}>
      {(close) => (
        <TableGrid
          onPick={(rows, cols) => {
            insertTable(editor, rows, cols);
            close(true);
          }}
        />
      )}
    </ToolbarPopover>
  );
}

/** A context-toolbar menu of plain commands (Row, Column, Cell). */
export function commandMenu(
  icon: IconComponent,
  entries: ReadonlyArray<{
    id: string;
    labelKey: string;
    run: (editor: ToolbarControlProps['editor']) => boolean;
    can?: (editor: ToolbarControlProps['editor']) => boolean;
  }>,
) {
  return function CommandMenu({ editor, trigger }: ToolbarControlProps) {
    const { t } = useTranslation();
    const enabled = useEditorUiState({
      editor,
      selector: ({ editor: e }) => entries.map((entry) => entry.can?.(e) ?? true),
      equalityFn: (a, b) => b !== null && a.every((v, i) => v === b[i]),
    });
    const menu: MenuEntry[] = entries.map((entry, i) => ({
      id: entry.id,
      label: t(entry.labelKey),
      disabled: !(enabled[i] ?? true),
      onSelect: () => {
        entry.run(editor);
      },
    }));
    return <ToolbarMenu trigger={trigger} display={<Icon of={icon} />} kind="action" entries={menu} />;
  };
}

/** A radio menu of a cell attribute (alignments): choosing the current value again removes it. */
export function cellAttributeMenu(
  icon: IconComponent,
  attribute: string,
  values: readonly string[],
  labelPrefix: string,
) {
  return function CellAttributeMenu({ editor, trigger }: ToolbarControlProps) {
    const { t } = useTranslation();
    const current = useEditorUiState({
      editor,
      selector: ({ editor: e }) => {
        const value = currentCellAttrs(e.state)?.[attribute];
        return typeof value === 'string' ? value : null;
      },
    });
    const entries: MenuEntry[] = values.map((value) => ({
      id: value,
      label: t(`${labelPrefix}.${value}`),
      checked: current === value,
      onSelect: () => {
        tableStep(editor, (e) =>
          e
            .chain()
            .focus()
            .setCellAttribute(attribute, current === value ? null : value)
            .run(),
        );
      },
    }));
    return (
      <ToolbarMenu
        trigger={trigger}
        display={<Icon of={icon} />}
        kind="radio"
        entries={entries}
        active={current !== null}
      />
    );
  };
}

/** A checkbox menu of configured styles on the table (`table`) or on the selected cells (`cells`). */
export function styleMenu(icon: IconComponent, target: 'table' | 'cells') {
  const list = target === 'table' ? 'tableStyles' : 'tableCellStyles';
  return function StyleMenu({ editor, context, trigger }: ToolbarControlProps) {
    const { t } = useTranslation();
    const classes = useEditorUiState({
      editor,
      selector: ({ editor: e }) => {
        const value = target === 'table' ? currentTable(e.state)?.node.attrs.class : currentCellAttrs(e.state)?.class;
        return typeof value === 'string' ? value : '';
      },
    });
    const applied = new Set(classes.split(' ').filter(Boolean));
    const entries: MenuEntry[] = context.options[list].map((entry) => ({
      id: entry.value,
      label: optionLabel(list, entry, t),
      checked: applied.has(entry.value),
      onSelect: () => {
        runTableCommand(editor, target === 'table' ? toggleTableClass(entry.value) : toggleCellClass(entry.value));
      },
    }));
    return (
      <ToolbarMenu
        trigger={trigger}
        display={<Icon of={icon} />}
        kind="checkbox"
        entries={entries}
        active={applied.size > 0}
      />
    );
  };
}

/** Cell background: the colour palette (7 per row), the eraser and the hex field of the text colours. */
export function CellBackgroundControl({ editor, context, trigger }: ToolbarControlProps) {
  const current = useEditorUiState({
    editor,
    selector: ({ editor: e }) => {
      const value = currentCellAttrs(e.state)?.background;
      return typeof value === 'string' ? value : null;
    },
  });
  return (
    <ToolbarPopover
      trigger={trigger}
      display={
        <span className="colors-icon">
          <Icon of={PaintBucket} />
          <span className="colors-bar" style={{ background: current ?? 'transparent' }} />
        </span>
      }
    >
      {(close) => (
        <ColorPicker
          kind="background"
          presets={context.options.colors}
          current={current}
          perRow={TableLimits.colorsPerRow}
          onPick={(color) => tableStep(editor, (e) => e.chain().focus().setCellAttribute('background', color).run())}
          onDone={() => close(true)}
        />
      )}
    </ToolbarPopover>
  );
}
