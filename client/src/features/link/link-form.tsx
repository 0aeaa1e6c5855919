import { useId, useRef, useState, type FormEvent } from 'react';
import type { Editor } from '@tiptap/core';
import { useTranslation } from '../../i18n/use-translation';
import type { CapabilityContext } from '../../editor/core/capability';
import { applyLink, readLinkForm, removeLink } from './link-commands';
import type { LinkUrlError } from '@shared/document/model/link-url';
import './link.css';

interface Props {
  editor: Editor;
  context: CapabilityContext;
  /** Closes the form; `applied` = the editor has the focus again. */
  onClose: (applied: boolean) => void;
}

/** The Insert/Edit Link form (URL, text, new tab), shared by the toolbar popup and the link popup. */
export function LinkForm({ editor, context, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const urlRef = useRef<HTMLInputElement>(null);
  // Read once when the form opens: later changes by other authors must not reset what is typed.
  const [init] = useState(() => readLinkForm(editor));
  const [url, setUrl] = useState(init.url);
  const [text, setText] = useState(init.text);
  const [newTab, setNewTab] = useState(init.newTab);
  const [error, setError] = useState<LinkUrlError | null>(null);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const refused = applyLink(editor, { url, text, newTab }, init.text, context);
    if (refused) {
      setError(refused);
      urlRef.current?.focus();
      return;
    }
    onClose(true);
  };
  const cancel = (): void => {
    editor.commands.focus();
    onClose(true);
  };

  return (
    <form className="link-form" onSubmit={submit} noValidate>
      <p className="link-form-title">{t(init.editing ? 'link.edit' : 'link.insert')}</p>
      <label className="link-form-field">
        <span>{t('link.url')}</span>
        <input
          ref={urlRef}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          value={url}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={error ? 'is-invalid' : undefined}
          onChange={(e) => {
            setUrl(e.target.value);
            setError(null);
          }}
        />
      </label>
      {init.textEditable && (
        <label className="link-form-field">
          <span>{t('link.text')}</span>
          <input type="text" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
      )}
      <label className="link-form-check">
        <input type="checkbox" checked={newTab} onChange={(e) => setNewTab(e.target.checked)} />
        <span>{t('link.newTab')}</span>
      </label>
      {error && (
        <p id={`${id}-error`} role="alert" className="link-form-error">
          {t(`link.errors.${error}`)}
        </p>
      )}
      <div className="link-form-buttons">
        {init.editing && (
          <button
            type="button"
            className="ui-button"
            onClick={() => {
              removeLink(editor);
              onClose(true);
            }}
          >
            {t('link.unlink')}
          </button>
        )}
        <span className="link-form-spacer" />
        <button type="button" className="ui-button" onClick={cancel}>
          {t('link.cancel')}
        </button>
        <button type="submit" className="ui-button is-primary">
          {t(init.editing ? 'link.update' : 'link.insertButton')}
        </button>
      </div>
    </form>
  );
}

export default LinkForm;
