import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CommentLimits } from '@shared/limits';
import { useTranslation } from '../../i18n/use-translation';
import type { ActionResult } from './comment-actions';

interface Props {
  /** The accessible name of the text box. */
  label: string;
  submitLabel: string;
  initial?: string;
  /** Focus the text box when shown (a new thread, an edit). */
  autoFocus?: boolean;
  /** Sends the text; an error code keeps the form with its text and shows the error. */
  onSubmit: (body: string) => Promise<ActionResult>;
  onCancel?: () => void;
}

/** A comment's text box with its buttons: Ctrl/⌘+Enter sends, Escape cancels. */
export function CommentForm({ label, submitLabel, initial = '', autoFocus, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (autoFocus) box.current?.focus();
  }, [autoFocus]);
  const body = text.trim();

  const submit = async (event?: FormEvent): Promise<void> => {
    event?.preventDefault();
    if (body === '' || busy) return;
    setBusy(true);
    setError(null);
    const failed = await onSubmit(body);
    setBusy(false);
    if (failed !== null) setError(failed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && onCancel) {
      // The composer closes; the panel stays.
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <form className="comment-form" onSubmit={(e) => void submit(e)}>
      <textarea
        ref={box}
        aria-label={label}
        placeholder={label}
        value={text}
        maxLength={CommentLimits.maxBodyChars}
        rows={2}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {error !== null && (
        <p className="comment-error" role="alert">
          {t('comments.failed', { error: t(`errors.${error}`) })}
        </p>
      )}
      <div className="comment-form-buttons">
        {onCancel && (
          <button type="button" onClick={onCancel}>
            {t('comments.cancel')}
          </button>
        )}
        <button type="submit" className="is-primary" disabled={body === '' || busy}>
          {busy ? t('comments.posting') : submitLabel}
        </button>
      </div>
    </form>
  );
}
