import { useId, useState, type FormEvent } from 'react';
import { Tabs } from '../../editor/core/lazy/lazy-radix';
import type { Editor } from '@tiptap/core';
import { useTranslation } from '../../i18n/use-translation';
import type { CapabilityContext } from '../../editor/core/capability';
import { insertVideoByEmbed, insertVideoByUrl, uploadVideo, VIDEO_ACCEPT, type VideoError } from './video-commands';
import './video-form.css';
import { DropZone } from '../../editor/ui/drop-zone';
// Shows `errors.<CODE>` messages: they come with the catalogue.
import '../../lib/error-catalogue';

type Tab = 'url' | 'embed' | 'upload';

interface Props {
  editor: Editor;
  context: CapabilityContext;
  /** Closes the form; `applied` = the editor has the focus again. */
  onClose: (applied: boolean) => void;
}

function ErrorLine({ id, code }: { id: string; code: VideoError | null }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <p id={id} role="alert" className="video-form-error">
      {t(`errors.${code}`)}
    </p>
  );
}

/**
 * The "Insert Video" form (FROALA-REFERENCE §28): tabs By URL, Embedded Code and Upload Video. Used by
 * the toolbar control and by Replace in the video popup (then the selected video is replaced).
 */
export function VideoForm({ editor, context, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<Tab>('url');
  const [url, setUrl] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<VideoError | null>(null);
  const errorId = `${id}-error`;

  const finish = (refused: VideoError | null): void => {
    if (refused) setError(refused);
    else onClose(true);
  };
  const submitUrl = (event: FormEvent): void => {
    event.preventDefault();
    finish(insertVideoByUrl(editor, url));
  };
  const submitCode = (event: FormEvent): void => {
    event.preventDefault();
    finish(insertVideoByEmbed(editor, code));
  };
  const upload = (file: File): void => finish(uploadVideo(editor, context, file));

  return (
    <Tabs.Root
      className="video-form"
      value={tab}
      onValueChange={(value) => {
        setTab(value === 'embed' || value === 'upload' ? value : 'url');
        setError(null);
      }}
    >
      <Tabs.List className="video-form-tabs" aria-label={t('video.insert')}>
        <Tabs.Trigger value="url" className="video-form-tab">
          {t('video.byUrl')}
        </Tabs.Trigger>
        <Tabs.Trigger value="embed" className="video-form-tab">
          {t('video.embedded')}
        </Tabs.Trigger>
        <Tabs.Trigger value="upload" className="video-form-tab">
          {t('video.upload')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="url">
        <form className="video-form-body" onSubmit={submitUrl} noValidate>
          <label className="video-form-field">
            <span>{t('video.urlField')}</span>
            <input
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              autoFocus
              value={url}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setUrl(e.target.value);
                setError(null);
              }}
            />
          </label>
          <ErrorLine id={errorId} code={error} />
          <div className="video-form-buttons">
            <button type="submit" className="ui-button is-primary">
              {t('video.insertButton')}
            </button>
          </div>
        </form>
      </Tabs.Content>
      <Tabs.Content value="embed">
        <form className="video-form-body" onSubmit={submitCode} noValidate>
          <label className="video-form-field">
            <span>{t('video.embedField')}</span>
            <textarea
              rows={4}
              spellCheck={false}
              value={code}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setCode(e.target.value);
                setError(null);
              }}
            />
          </label>
          <ErrorLine id={errorId} code={error} />
          <div className="video-form-buttons">
            <button type="submit" className="ui-button is-primary">
              {t('video.insertButton')}
            </button>
          </div>
        </form>
      </Tabs.Content>
      <Tabs.Content value="upload">
        <div className="video-form-body">
          <DropZone
            label={t('video.drop')}
            hint={t('video.orClick')}
            inputLabel={t('video.choose')}
            accept={VIDEO_ACCEPT}
            onFile={upload}
          />
          <ErrorLine id={errorId} code={error} />
        </div>
      </Tabs.Content>
    </Tabs.Root>
  );
}
