import { MessagesSquare } from 'lucide-react';
import type { EditorUiProps } from '../../editor/core/capability';
import { Lazy, type LazyPart } from '../../editor/core/lazy';
import { Icon } from '../../editor/ui/icon';
import { useTranslation } from '../../i18n/use-translation';
import { useStore } from '../../lib/store';
import { commentsOf } from './comments-extension';
import { useEditable } from './use-editable';
import '../../editor/ui/status-button.css';

// The panel's code is fetched the first time it opens.
const commentsPanel: LazyPart<EditorUiProps> = {
  ui: () => import('./comments.panel'),
  preload: { open: ({ editor }) => commentsOf(editor).panelOpen },
};

/** The panel itself (for everyone) and, for viewers (who have no toolbar), its button in the status bar. */
export function CommentsStatus(props: EditorUiProps) {
  const { editor } = props;
  const { t } = useTranslation();
  const comments = commentsOf(editor);
  const open = useStore(comments.panelOpen);
  const editable = useEditable(editor);
  return (
    <>
      {!editable && (
        <button
          type="button"
          className="status-button comments-status-button"
          data-item="comments"
          aria-pressed={open}
          onClick={() => (open ? comments.closePanel(editor) : comments.setPanel(true))}
        >
          <Icon of={MessagesSquare} />
          {t('comments.label')}
        </button>
      )}
      <Lazy part={commentsPanel} {...props} />
    </>
  );
}

export default CommentsStatus;
