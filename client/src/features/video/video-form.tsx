import { useId, useState, type ReactNode } from 'react';
import { FieldForm, FormError, MediaTabs, useDropZoneText } from '../../editor/ui/media-form';
import type { Editor } from '@tiptap/core';
import { useTranslation } from '../../i18n/use-translation';
import type { CapabilityContext } from '../../editor/core/capability';
import { insertVideoByEmbed, insertVideoByUrl, uploadVideo, VIDEO_ACCEPT, type VideoError } from './video-commands';
import './video-form.css';
import { DropZone } from '../../editor/ui/drop-zone';

type Tab = 'url' | 'embed' | 'upload';

interface Props {
  editor: Editor;
  context: CapabilityContext;
  /** Closes the form; `applied` = the editor has the focus again. */
  onClose: (applied: boolean) => void;
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
  const errorLine = <FormError id={errorId} code={error} className="video-form-error" />;
  // The field's value goes with the error line it is described by; typing clears the error.
  const field = (value: string, set: (value: string) => void) => ({
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onChange: (e: { target: { value: string } }) => {
      set(e.target.value);
      setError(null);
    },
  });
  const dropText = useDropZoneText('video');
  const form = (label: string, onSubmit: () => void, input: ReactNode) => (
    <FieldForm
      className="video-form-body"
      fieldClass="video-form-field"
      label={label}
      noValidate
      onSubmit={onSubmit}
      field={input}
      error={errorLine}
      submit={
        <div className="video-form-buttons">
          <button type="submit" className="ui-button is-primary">
            {t('video.insertButton')}
          </button>
        </div>
      }
    />
  );

  return (
    <MediaTabs
      prefix="video-form"
      className="video-form"
      label={t('video.insert')}
      value={tab}
      onValueChange={(value) => {
        setTab(value === 'embed' || value === 'upload' ? value : 'url');
        setError(null);
      }}
      tabs={[
        {
          value: 'url',
          label: t('video.byUrl'),
          content: form(
            t('video.urlField'),
            () => finish(insertVideoByUrl(editor, url)),
            <input
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              autoFocus
              {...field(url, setUrl)}
            />,
          ),
        },
        {
          value: 'embed',
          label: t('video.embedded'),
          content: form(
            t('video.embedField'),
            () => finish(insertVideoByEmbed(editor, code)),
            <textarea rows={4} spellCheck={false} {...field(code, setCode)} />,
          ),
        },
        {
          value: 'upload',
          label: t('video.upload'),
          content: (
            <div className="video-form-body">
              <DropZone
                {...dropText}
                accept={VIDEO_ACCEPT}
                onFile={(file) => finish(uploadVideo(editor, context, file))}
              />
              {errorLine}
            </div>
          ),
        },
      ]}
    />
  );
}

export default VideoForm;
