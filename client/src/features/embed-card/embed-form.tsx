import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Editor } from '@tiptap/core';
import { cleanEmbedUrl } from '@shared/document/model/embed-card-model';
import type { CapabilitySession } from '../../editor/core/capability';
import { FormError } from '../../editor/ui/media-form';
import { useTranslation } from '../../i18n/use-translation';
import { ApiError, type ApiErrorCode } from '../../lib/api-client';
import { fetchEmbed } from './embed-api';
import { insertEmbedAnswer } from './embed-insert';
import { embedCardPartStrings } from './embed-card.strings';
import './embed-card-ui.css';

export const strings = { embedCard: embedCardPartStrings };

interface Props {
  editor: Editor;
  session: CapabilitySession | null;
  /** Closes the form; `applied` = something was inserted. */
  onClose: (applied: boolean) => void;
}

/** "Insert Card": a web address, read by the server into a card (or a video, or a plain link). */
export function EmbedForm({ editor, session, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiErrorCode | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const clean = cleanEmbedUrl(/^[a-z][a-z0-9+.-]*:/i.test(url.trim()) ? url.trim() : `https://${url.trim()}`);
    if (!clean || !session) {
      setError('EMBED_URL_INVALID');
      return;
    }
    setBusy(true);
    setError(null);
    abort.current = new AbortController();
    try {
      const answer = await fetchEmbed(session, clean, abort.current.signal);
      onClose(insertEmbedAnswer(editor, answer));
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : 'EMBED_FETCH_FAILED';
      if (code !== 'ABORTED') setError(code);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="embed-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
      <label className="embed-form-field" htmlFor={`${id}-url`}>
        {t('embedCard.urlLabel')}
      </label>
      <input
        id={`${id}-url`}
        type="text"
        inputMode="url"
        autoComplete="off"
        autoFocus
        placeholder="https://"
        value={url}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(e) => {
          setUrl(e.target.value);
          setError(null);
        }}
      />
      <p id={`${id}-hint`} className="embed-form-hint">
        {t('embedCard.hint')}
      </p>
      <FormError id={`${id}-error`} code={error} className="embed-form-error" />
      <div className="embed-form-buttons">
        {busy && (
          <span className="embed-form-loading" role="status">
            {t('embedCard.loading')}
          </span>
        )}
        <button type="submit" className="ui-button is-primary" disabled={busy || url.trim() === ''}>
          {t('embedCard.insertButton')}
        </button>
      </div>
    </form>
  );
}

export default EmbedForm;
