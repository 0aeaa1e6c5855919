import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { MessageSquarePlus } from 'lucide-react';
import type { EditorUiProps } from '../../editor/core/capability';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { Icon } from '../../editor/ui/icon';
import { SidePanelHeader } from '../../editor/ui/side-panel';
import { useTranslation } from '../../i18n/use-translation';
import { displayName } from '../../lib/display-name';
import { useStore } from '../../lib/store';
import { commentAuthor, createThread, showAnchor, threadActions } from './comment-actions';
import { CommentForm } from './comment-form';
import { cancelComposer, commentsOf, startComment } from './comments-extension';
import { commentsPanelStrings } from './comments.strings';
import { useCanComment, useEditable } from './use-editable';
import { useComments } from './use-comments';
import { ThreadCard } from './thread-card';
import './comments.css';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { comments: commentsPanelStrings };

/** Relative times ("2 minutes ago") are brought up to date this often while the panel is open (ms). */
const CLOCK_MS = 30_000;

/** Where the panel covers the text (comments.css). */
const PHONE = '(max-width: 600px)';

/** The comments side panel: non-modal, beside the text (over it on a phone); Esc closes it. */
export function CommentsPanel({ editor, context }: EditorUiProps) {
  const open = useStore(commentsOf(editor).panelOpen);
  return open ? <OpenPanel editor={editor} context={context} /> : null;
}

function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function OpenPanel({ editor, context }: EditorUiProps) {
  const { t } = useTranslation();
  const session = context.session;
  const canEdit = useCanComment(editor) && session !== null && session.canComment;
  // A commenter's editor has no toolbar: the panel offers "Add comment" for the selection.
  const editable = useEditable(editor);
  const hasSelection = useEditorUiState({ editor, selector: ({ editor: e }) => !e.state.selection.empty });
  const view = useComments(editor);
  const { comments, status, composing, focused } = view;
  const now = useNow();
  const root = useRef<HTMLElement>(null);
  const author = useMemo(
    () => () =>
      session ? commentAuthor(session, displayName(session.authorName(), t)) : { name: '?', color: '#6e7781' },
    [session, t],
  );
  const actions = useMemo(() => (session ? threadActions(editor, session, author) : null), [editor, session, author]);

  // Focus moves into the panel when it opens (the composer takes it when there is one).
  useEffect(() => {
    if (comments.composing.get() === null) root.current?.focus();
  }, [comments]);

  // The focused thread's card comes into view (the caret entered its anchor).
  useEffect(() => {
    if (focused === null) return;
    const card = root.current?.querySelector(`[data-thread="${CSS.escape(focused)}"]`);
    card?.scrollIntoView({ block: 'nearest' });
  }, [focused]);

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    comments.closePanel(editor);
  };

  // On a phone the panel covers the text: it steps aside to show the anchor.
  const show = (threadId: string): void => {
    if (window.matchMedia(PHONE).matches) comments.setPanel(false);
    showAnchor(editor, threadId);
  };

  const renderThread = (orphaned: boolean) => (thread: (typeof view.anchored)[number]) =>
    actions ? (
      <ThreadCard
        key={thread.id}
        thread={thread}
        orphaned={orphaned}
        focused={thread.id === focused}
        canEdit={canEdit}
        canDeleteAny={editable}
        actions={actions}
        now={now}
        onShow={() => show(thread.id)}
      />
    ) : null;

  const total = view.anchored.length + view.orphaned.length;
  return (
    <aside
      ref={root}
      className="side-panel comments-panel"
      aria-labelledby="comments-panel-title"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-readonly={!canEdit || undefined}
    >
      <SidePanelHeader
        titleId="comments-panel-title"
        title={t('comments.label')}
        closeLabel={t('comments.close')}
        onClose={() => comments.closePanel(editor)}
      />
      <div className="comments-panel-body">
        {!canEdit && <p className="comments-readonly-note">{t('comments.readOnly')}</p>}
        {canEdit && !editable && !composing && (
          <button
            type="button"
            className="comments-add"
            disabled={!hasSelection}
            title={hasSelection ? undefined : t('comments.selectFirst')}
            onClick={() => startComment(editor)}
          >
            <Icon of={MessageSquarePlus} />
            {t('comments.add')}
          </button>
        )}
        {canEdit && composing && session && (
          <section className="comment-composer" aria-label={t('comments.newThread')}>
            <p className="comment-composer-quote">{t('comments.on', { quote: composing.quote })}</p>
            <CommentForm
              label={t('comments.write')}
              submitLabel={t('comments.post')}
              autoFocus
              onSubmit={(body) => createThread(editor, session, body, author())}
              onCancel={() => cancelComposer(editor)}
            />
          </section>
        )}
        {view.resolvedCount > 0 && (
          <label className="comments-filter">
            <input
              type="checkbox"
              checked={view.showResolved}
              onChange={(e) => comments.showResolved.set(e.target.checked)}
            />
            {t('comments.showResolved', { count: view.resolvedCount })}
          </label>
        )}
        {status.kind === 'loading' && total === 0 && <p role="status">{t('comments.loading')}</p>}
        {status.kind === 'failed' && (
          <p className="comment-error" role="alert">
            {t('comments.loadFailed', { error: t(`errors.${status.code}`) })}{' '}
            <button type="button" onClick={comments.data.load}>
              {t('comments.retry')}
            </button>
          </p>
        )}
        {status.kind === 'ready' && total === 0 && !composing && (
          <p className="comments-empty">{t('comments.empty')}</p>
        )}
        <ol className="comments-list" aria-label={t('comments.list')}>
          {view.anchored.map(renderThread(false))}
        </ol>
        {view.orphaned.length > 0 && (
          <>
            <h3 className="comments-orphaned-title">{t('comments.orphanedList')}</h3>
            <ol className="comments-list" aria-label={t('comments.orphanedList')}>
              {view.orphaned.map(renderThread(true))}
            </ol>
          </>
        )}
      </div>
    </aside>
  );
}

export default CommentsPanel;
