import { Baseline, Highlighter } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import { applyColor, colorAt, removeColor } from './colors.extension';
import { ColorPicker } from '../../editor/ui/lazy-color-picker';
import type { ColorKind } from '../../editor/ui/recent-colors';
import './colors.css';

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
