import { CodeXml } from 'lucide-react';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { useSurface } from '../../editor/core/editor-surface';
import { Icon } from '../../editor/ui/icon';
import { CODE_VIEW_PANE } from './code-view-controller';

/** The "Code View" toggle; pressed while the code view replaces the rich text. */
export function CodeViewButton({ editor, trigger }: ToolbarControlProps) {
  const on = useSurface(editor).replacedBy === CODE_VIEW_PANE;
  const { controller } = editor.storage.codeView;
  return (
    <button
      {...trigger}
      type="button"
      aria-pressed={on}
      disabled={!editor.isEditable}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => controller.toggle()}
    >
      <Icon of={CodeXml} />
    </button>
  );
}
