import { Baseline, Highlighter } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { lazyPart, retryableImport } from '../../editor/core/lazy/lazy-part';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import { applyColor, colorAt, removeColor } from './colors.extension';
import type { ColorPickerProps } from './color-picker';
import type { ColorKind } from './recent-colors';
import './colors.css';

export type { ColorPickerProps };

const importPicker = retryableImport(() => import('./color-picker'));
/**
 * The popup: recently used row, presets + eraser grid, hex field with OK (also the table's cell
 * background). Its code is fetched the first time a colour popup opens.
 */
export const ColorPicker = lazyPart<ColorPickerProps>(() => importPicker().then((m) => m.ColorPicker));

export function TextColorControl(props: ToolbarControlProps) {
  return <ColorControl kind="text" {...props} />;
}

export function BackgroundColorControl(props: ToolbarControlProps) {
  return <ColorControl kind="background" {...props} />;
}

function ColorControl({ kind, editor, context, trigger }: ToolbarControlProps & { kind: ColorKind }) {
  const current = useEditorUiState({ editor, selector: ({ editor: e }) => colorAt(e, kind) });
  return (
    <ToolbarPopover
      trigger={trigger}
      display={
        <span className="colors-icon">
          <Icon of={kind === 'text' ? Baseline : Highlighter} />
          <span className="colors-bar" style={{ background: current ?? 'transparent' }} />
        </span>
      }
    >
      {(close) => (
        <ColorPicker
          kind={kind}
          presets={context.options.colors}
          current={current}
          onPick={(color) => (color === null ? removeColor(editor, kind) : applyColor(editor, kind, color))}
          onDone={() => close(true)}
        />
      )}
    </ToolbarPopover>
  );
}
