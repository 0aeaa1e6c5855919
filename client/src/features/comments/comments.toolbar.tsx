import { MessagesSquare } from 'lucide-react';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { PanelToggleButton } from '../../editor/ui/panel-toggle-button';
import { useStore } from '../../lib/store';
import { commentsOf } from './comments-extension';

/** The "Comments" toggle: opens the side panel (its code loads on first open) or closes it. */
export function CommentsPanelButton({ editor, trigger }: ToolbarControlProps) {
  const comments = commentsOf(editor);
  const open = useStore(comments.panelOpen);
  return (
    <PanelToggleButton
      trigger={trigger}
      icon={MessagesSquare}
      open={open}
      onToggle={() => (open ? comments.closePanel(editor) : comments.setPanel(true))}
    />
  );
}
