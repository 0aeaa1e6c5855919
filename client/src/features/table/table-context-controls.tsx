import { PaintBucket } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { TableLimits } from '@shared/limits';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { Icon, type IconComponent } from '../../editor/ui/icon';
import { ToolbarMenu, type MenuEntry } from '../../editor/ui/toolbar-menu';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { optionLabel } from '../../lib/option-labels';
import { ColorPicker } from '../../editor/ui/lazy-color-picker';
import type { TableAction } from './table-editing';
import { tableEditingLoaded, withTableEditing } from './table-loader';
import { currentCellAttrs, currentTable, isCellSelection, isInTable } from './table-state';

/** Runs a table toolbar command (table editing is there by now: the selection is in a table). */
export function runTableAction(editor: ToolbarControlProps['editor'], action: TableAction): void {
  withTableEditing(editor, (editing) => editing.actions[action](editor));
}

/**
 * Whether a command of the Cell menu can run. Until table editing is there no cells can be selected, so
 * merging cannot, and splitting can wherever the caret is in a cell.
 */
function canTableAction(editor: ToolbarControlProps['editor'], action: TableAction): boolean {
  const check = tableEditingLoaded()?.can[action];
  if (check) return check(editor);
  if (action === 'merge') return false;
  return !isCellSelection(editor.state.selection) && isInTable(editor.state);
}

/** A context-toolbar menu of plain commands (Row, Column, Cell). */
export function commandMenu(
  icon: IconComponent,
  entries: ReadonlyArray<{
    id: string;
    labelKey: string;
    action: TableAction;
    /** The entry is disabled when the command cannot run (else always enabled). */
    guarded?: boolean;
  }>,
) {
  return function CommandMenu({ editor, trigger }: ToolbarControlProps) {
    const { t } = useTranslation();
    const enabled = useEditorUiState({
      editor,
      selector: ({ editor: e }) => entries.map((entry) => !entry.guarded || canTableAction(e, entry.action)),
      equalityFn: (a, b) => b !== null && a.every((v, i) => v === b[i]),
    });
    const menu: MenuEntry[] = entries.map((entry, i) => ({
      id: entry.id,
      label: t(entry.labelKey),
      disabled: !(enabled[i] ?? true),
      onSelect: () => runTableAction(editor, entry.action),
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
      onSelect: () =>
        withTableEditing(editor, (editing) =>
          editing.setCellAttribute(editor, attribute, current === value ? null : value),
        ),
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
      onSelect: () => withTableEditing(editor, (editing) => editing.toggleStyle(editor, target, entry.value)),
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
          onPick={(color) =>
            withTableEditing(editor, (editing) => editing.setCellAttribute(editor, 'background', color))
          }
          onDone={() => close(true)}
        />
      )}
    </ToolbarPopover>
  );
}
