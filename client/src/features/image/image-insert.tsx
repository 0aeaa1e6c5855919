import { useState } from 'react';
import { FieldForm, FormError, MediaTabs, useDropZoneText } from '../../editor/ui/media-form';
import { useTranslation } from '../../i18n/use-translation';
import type { Editor } from '@tiptap/core';
import type { ErrorCode } from '@shared/errors';
import { ImageLimits, UploadLimits } from '@shared/limits';
import type { CapabilityContext } from '../../editor/core/capability';
import { openImageManager } from '../image-manager';
import { DropZone } from '../../editor/ui/drop-zone';
import { imageNodeFromUpload, precheckUpload, showUploadError, startRemoteImage, startUpload } from '../uploads';
import './image-insert.css';

/** `accept` of the file input: the allowed extensions and their MIME types. */
export const imageAccept = [
  ...ImageLimits.allowedTypes.map((t) => `.${t}`),
  ...new Set(ImageLimits.allowedTypes.map((t) => `image/${t === 'jpg' ? 'jpeg' : t}`)),
].join(',');

/** Uploads an image at the caret; returns the refusal code of the client-side check (nothing sent then). */
export function uploadImageAtCaret(
  editor: Editor,
  context: CapabilityContext,
  file: File,
  tag?: string,
): ErrorCode | null {
  const refused = precheckUpload('image', file, context.uploads);
  if (refused) return refused;
  startUpload(editor, context, { kind: 'image', file, tag: tag || undefined, toNode: (r) => imageNodeFromUpload(r) });
  return null;
}

/** An address the server may be asked to fetch (http or https, absolute). */
export function isFetchableUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function UploadTab({ onFile }: { onFile: (file: File, tag: string) => void }) {
  const { t } = useTranslation();
  const [tag, setTag] = useState('');
  const text = useDropZoneText('image');
  return (
    <div className="image-insert-upload">
      <DropZone {...text} accept={imageAccept} onFile={(file) => onFile(file, tag.trim())} />
      {/* Tags for the image manager's filter (comma-separated), set with the upload. */}
      <label className="image-insert-field">
        <span>{t('image.tags')}</span>
        <input
          type="text"
          value={tag}
          maxLength={UploadLimits.maxTagChars}
          placeholder={t('image.tagsPlaceholder')}
          onChange={(e) => setTag(e.target.value)}
          autoComplete="off"
        />
      </label>
    </div>
  );
}

function UrlTab({ onUrl }: { onUrl: (url: string) => boolean }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  return (
    <FieldForm
      className="image-insert-url"
      fieldClass="image-insert-field"
      label={t('image.url')}
      onSubmit={() => {
        if (onUrl(url.trim())) setUrl('');
      }}
      field={
        <input
          type="url"
          inputMode="url"
          placeholder="http://"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          autoComplete="off"
        />
      }
      submit={
        <button type="submit" className="image-insert-submit" disabled={url.trim() === ''}>
          {t('image.insert')}
        </button>
      }
    />
  );
}

/** The popup's content: tabs Upload Image, By URL and Browse. */
export function ImageInsertForm({
  editor,
  context,
  close,
  tab,
  setTab,
}: {
  editor: Editor;
  context: CapabilityContext;
  close: (applied: boolean) => void;
  /** The open tab, kept by the toolbar control between openings. */
  tab: string;
  setTab: (tab: string) => void;
}) {
  const { t } = useTranslation();
  // A new opening (a new form) starts without an error.
  const [error, setError] = useState<ErrorCode | null>(null);
  return (
    <div className="image-insert">
      <MediaTabs
        prefix="image-insert"
        label={t('image.insertImage')}
        value={tab}
        onValueChange={(value) => {
          setTab(value);
          setError(null);
        }}
        tabs={[
          {
            value: 'upload',
            label: t('image.tabUpload'),
            content: (
              <UploadTab
                onFile={(file, tag) => {
                  const refused = uploadImageAtCaret(editor, context, file, tag);
                  // Shown where every upload error is (drop, paste, managers), with the limit.
                  if (refused) showUploadError(editor, refused);
                  else {
                    close(true);
                    editor.commands.focus();
                  }
                }}
              />
            ),
          },
          {
            value: 'url',
            label: t('image.tabUrl'),
            content: (
              <UrlTab
                onUrl={(url) => {
                  if (!isFetchableUrl(url)) {
                    setError('IMAGE_BAD_LINK');
                    return false;
                  }
                  startRemoteImage(editor, context, { url });
                  close(true);
                  editor.commands.focus();
                  return true;
                }}
              />
            ),
          },
          {
            value: 'browse',
            label: t('image.tabBrowse'),
            content: (
              <div className="image-insert-browse">
                <p>{t('image.browseHint')}</p>
                <button
                  type="button"
                  className="image-insert-submit"
                  onClick={() => {
                    close(true);
                    openImageManager(editor);
                  }}
                >
                  {t('image.browse')}
                </button>
              </div>
            ),
          },
        ]}
      />
      <FormError code={error} className="image-insert-error" />
    </div>
  );
}

export default ImageInsertForm;
