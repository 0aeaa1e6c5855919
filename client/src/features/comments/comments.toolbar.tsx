import { MessagesSquare } from 'lucide-react';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { Icon } from '../../editor/ui/icon';
import { useStore } from '../../lib/store';
import { commentsOf } from './comments-extension';

/** The "Comments" toggle: opens the side panel (its code loads on first open) or closes it. */
export function CommentsPanelButton({ editor, trigger }: ToolbarControlProps) {
  const comments = commentsOf(editor);
  const open = useStore(comments.panelOpen);
  return (
    <button
      {...trigger}
      type="button"
      aria-pressed={open}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => (open ? comments.closePanel(editor) : comments.setPanel(true))}
    >
      <Icon of={MessagesSquare} />
    </button>
  );
}
