import { FileCode } from 'lucide-react';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { useSurface } from '../../editor/core/editor-surface';
import { Icon } from '../../editor/ui/icon';
import { MARKDOWN_PANE } from './markdown-layout';
import { setMarkdownOpen } from './markdown.extension';

/** The "Markdown" toggle: the Markdown view beside the rich text, on or off for this author. */
export function MarkdownButton({ editor, trigger }: ToolbarControlProps) {
  const on = useSurface(editor).beside.includes(MARKDOWN_PANE);
  return (
    <button
      {...trigger}
      type="button"
      aria-pressed={on}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => setMarkdownOpen(editor.storage.surface.state, !on)}
    >
      <Icon of={FileCode} />
    </button>
  );
}
