import { MessageSquarePlus } from 'lucide-react';
import type { ContextMenuItem } from '../../editor/core/capability';
import { startComment } from './comments-extension';
import { mayComment } from './use-editable';

/** "Add comment" in the context menu: the toolbar button's action, for editors and commenters. */
export const commentsContextMenu: ContextMenuItem[] = [
  {
    id: 'addComment',
    labelKey: 'comments.add',
    icon: MessageSquarePlus,
    group: 'annotate',
    shortcut: 'Mod-Alt-M',
    order: 20,
    isVisible: mayComment,
    isEnabled: (editor) => {
      const { from, to, empty } = editor.state.selection;
      return !empty && editor.state.doc.textBetween(from, to, '', '').trim() !== '';
    },
    run: (editor) => {
      startComment(editor);
    },
  },
];
