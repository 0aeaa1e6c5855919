import { MessageSquarePlus, MessagesSquare } from 'lucide-react';
import type { Capability, EditorUiProps } from '../../editor/core/capability';
import { useStore } from '../../lib/store';
import { commentsOf, CommentsExtension, startComment } from './comments-extension';
import { commentsStrings } from './comments.i18n';
import { commentsContextMenu } from './comments.context-menu';
import { CommentsPanelButton } from './comments.toolbar';
import { useEditable } from './use-editable';

export { relinkedAnchors } from './comment-relink';
export { commentOnRange } from './comments-extension';
export { useCanComment } from './use-editable';

/** The status part has something to show: the panel is open, or a viewer needs its button (no toolbar). */
function usePanelWanted({ editor }: EditorUiProps): boolean {
  const open = useStore(commentsOf(editor).panelOpen);
  const editable = useEditable(editor);
  return open || !editable;
}

/**
 * Comments (issue 28): threads anchored in the text by the model's `comment` mark (which follows concurrent
 * edits like formatting), their bodies, replies and resolve state on the server. "Add comment" (toolbar,
 * Ctrl/⌘+Alt+M) on a selection opens the composer in the side panel, which lists the threads in the order
 * of their anchors (orphans after), live for every reader through the comments frames on the socket.
 */
export const comments: Capability = {
  name: 'comments',
  extensions: (context) => [CommentsExtension.configure({ session: context.session })],
  i18n: commentsStrings,
  contextMenu: commentsContextMenu,
  toolbar: [
    {
      id: 'addComment',
      labelKey: 'comments.add',
      icon: MessageSquarePlus,
      // With the views and tools (misc), and among the first to move behind "More" on narrow screens.
      group: 'misc',
      shortcut: 'Mod-Alt-M',
      priority: 20,
      isEnabled: (editor) => !editor.state.selection.empty,
      run: (editor) => startComment(editor),
    },
    {
      kind: 'control',
      id: 'comments',
      labelKey: 'comments.label',
      icon: MessagesSquare,
      group: 'misc',
      priority: 20,
      Component: CommentsPanelButton,
    },
  ],
  // The viewers' button and the panel: fetched when idle, or at once when the panel opens or for a viewer.
  StatusBar: { ui: () => import('./comments.status'), preload: { need: usePanelWanted } },
};
