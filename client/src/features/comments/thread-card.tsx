import { useState } from 'react';
import type { Comment, CommentThread } from '@shared/api/comments';
import { ConfirmDialog } from '../../editor/ui/confirm-dialog';
import { useTranslation } from '../../i18n/use-translation';
import { displayName } from '../../lib/display-name';
import type { ActionResult, ThreadActions } from './comment-actions';
import { CommentForm } from './comment-form';
import { bodyParts, relativeTime } from './comment-values';

interface ThreadProps {
  thread: CommentThread;
  orphaned: boolean;
  focused: boolean;
  /** Editors and commenters write, reply and resolve; viewers only read. */
  canEdit: boolean;
  /** Editors delete anyone's thread; a commenter only its own. */
  canDeleteAny: boolean;
  actions: ThreadActions;
  onShow: () => void;
  now: number;
}

/** One thread: its quote (a button that shows the anchor), its comments, a reply box and its actions. */
export function ThreadCard({ thread, orphaned, focused, canEdit, canDeleteAny, actions, onShow, now }: ThreadProps) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The reply box opens on demand: a box under every thread would crowd the panel.
  const [replying, setReplying] = useState(false);
  const report = async (result: Promise<ActionResult>): Promise<ActionResult> => {
    const failed = await result;
    setError(failed);
    return failed;
  };
  const resolvedBy = thread.resolvedBy;
  return (
    <li
      className="comment-thread"
      data-thread={thread.id}
      data-focused={focused || undefined}
      data-resolved={thread.resolved || undefined}
      data-orphaned={orphaned || undefined}
    >
      {orphaned ? (
        <div className="comment-quote">
          <span className="comment-orphaned-badge">{t('comments.orphaned')}</span>
          <q>{thread.quote}</q>
          <p className="comment-orphaned-note">{t('comments.orphanedNote')}</p>
        </div>
      ) : (
        <button type="button" className="comment-quote" title={t('comments.showInText')} onClick={onShow}>
          <q>{thread.quote}</q>
        </button>
      )}
      {thread.resolved && resolvedBy && thread.resolvedAt !== null && (
        <p className="comment-resolved-note">
          {t('comments.resolvedBy', {
            name: displayName(resolvedBy.name, t),
            time: relativeTime(thread.resolvedAt, now, i18n.language, t('comments.justNow')),
          })}
        </p>
      )}
      <ol className="comment-items">
        {thread.comments.map((comment, index) => (
          <CommentItem
            key={comment.id}
            comment={comment}
            canChange={canEdit && comment.mine}
            canDelete={canEdit && comment.mine && index > 0}
            now={now}
            onEdit={(body) => actions.edit(thread.id, comment.id, body)}
            onDelete={() => void report(actions.remove(thread.id, comment.id))}
          />
        ))}
      </ol>
      {canEdit && !thread.resolved && replying && (
        <CommentForm
          label={t('comments.replyLabel')}
          submitLabel={t('comments.reply')}
          autoFocus
          onSubmit={async (body) => {
            const failed = await actions.reply(thread.id, body);
            if (failed === null) setReplying(false);
            return failed;
          }}
          onCancel={() => setReplying(false)}
        />
      )}
      {canEdit && !replying && (
        <div className="comment-thread-actions">
          {!thread.resolved && (
            <button type="button" onClick={() => setReplying(true)}>
              {t('comments.reply')}
            </button>
          )}
          <button type="button" onClick={() => void report(actions.setResolved(thread.id, !thread.resolved))}>
            {thread.resolved ? t('comments.reopen') : t('comments.resolve')}
          </button>
          {(canDeleteAny || thread.comments[0]?.mine === true) && (
            <button type="button" onClick={() => setConfirming(true)}>
              {t('comments.deleteThread')}
            </button>
          )}
        </div>
      )}
      {error !== null && (
        <p className="comment-error" role="alert">
          {t('comments.failed', { error: t(`errors.${error}`) })}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('comments.deleteThreadTitle')}
        text={t('comments.deleteThreadText')}
        okLabel={t('comments.deleteThread')}
        cancelLabel={t('comments.cancel')}
        onAnswer={(ok) => {
          setConfirming(false);
          if (ok) void report(actions.deleteThread(thread.id));
        }}
      />
    </li>
  );
}

interface CommentProps {
  comment: Comment;
  canChange: boolean;
  canDelete: boolean;
  now: number;
  onEdit: (body: string) => Promise<ActionResult>;
  onDelete: () => void;
}

/** One comment: the author's colour and name, when, the text, and edit/delete for the author's own. */
function CommentItem({ comment, canChange, canDelete, now, onEdit, onDelete }: CommentProps) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <li className="comment-item" data-comment={comment.id}>
      <div className="comment-meta">
        <span className="comment-dot" style={{ backgroundColor: comment.author.color }} aria-hidden="true" />
        <span className="comment-author">{displayName(comment.author.name, t)}</span>
        <time dateTime={new Date(comment.createdAt).toISOString()}>
          {relativeTime(comment.createdAt, now, i18n.language, t('comments.justNow'))}
        </time>
        {comment.editedAt !== null && <span className="comment-edited">({t('comments.edited')})</span>}
      </div>
      {editing ? (
        <CommentForm
          label={t('comments.editLabel')}
          submitLabel={t('comments.save')}
          initial={comment.body}
          autoFocus
          onSubmit={async (body) => {
            const failed = await onEdit(body);
            if (failed === null) setEditing(false);
            return failed;
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p className="comment-body">
          {bodyParts(comment.body).map((part, index) =>
            part.href === null ? (
              part.text
            ) : (
              <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
                {part.text}
              </a>
            ),
          )}
        </p>
      )}
      {(canChange || canDelete) && !editing && (
        <div className="comment-item-actions">
          {canChange && (
            <button type="button" className="comment-link-button" onClick={() => setEditing(true)}>
              {t('comments.edit')}
            </button>
          )}
          {canDelete && (
            <button
              type="button"
              className="comment-link-button"
              aria-label={t('comments.deleteComment')}
              onClick={onDelete}
            >
              {t('comments.delete')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
