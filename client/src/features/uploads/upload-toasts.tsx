import { X } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useTranslation } from '../../i18n/use-translation';
import type { TFunction } from 'i18next';
import type { ErrorCode } from '@shared/errors';
import { FileLimits, ImageLimits, VideoLimits } from '@shared/limits';
import type { CapabilityContext, EditorUiProps } from '../../editor/core/capability';
import { formatFileSize } from '../../editor/ui/file-size';
import { useStore } from '../../lib/store';
import { uploadSessionOf } from './upload-registry';
import './upload-toasts.css';
// Shows `errors.<CODE>` messages: they come with the catalogue.
import '../../lib/error-catalogue';

const TOO_LARGE: Partial<Record<ErrorCode, keyof CapabilityContext['uploads']>> = {
  IMAGE_TOO_LARGE: 'maxImageBytes',
  FILE_TOO_LARGE: 'maxFileBytes',
  VIDEO_TOO_LARGE: 'maxVideoBytes',
};

const ALLOWED_TYPES: Partial<Record<ErrorCode, readonly string[]>> = {
  IMAGE_INVALID_TYPE: ImageLimits.allowedTypes,
  VIDEO_INVALID_TYPE: VideoLimits.allowedTypes,
  FILE_INVALID_TYPE: FileLimits.allowedTypes,
};

/** The message with what was wrong and the limit ("File is too large (max 10 MB)"). */
export function uploadErrorText(
  code: ErrorCode | 'NETWORK',
  uploads: CapabilityContext['uploads'],
  t: TFunction,
  language: string,
): string {
  if (code === 'NETWORK') return t('errors.NETWORK');
  const cap = TOO_LARGE[code];
  if (cap) return t('uploads.tooLarge', { size: formatFileSize(uploads[cap], language) });
  const types = ALLOWED_TYPES[code];
  if (types) return t('uploads.invalidType', { types: types.map((type) => type.toUpperCase()).join(', ') });
  return t(`errors.${code}`);
}

/** The upload error messages, inside the live region of `UploadToasts` (index.ts). */
export function UploadToastList({ editor, context }: EditorUiProps) {
  const { t, i18n } = useTranslation();
  const errors = uploadSessionOf(editor).errors;
  const list = useStore(errors);
  const dismiss = (id: number): void => errors.set(errors.get().filter((t) => t.id !== id));
  return (
    <>
      {list.map((toast) => (
        <div
          key={toast.id}
          className="upload-toast"
          data-code={toast.code}
          onKeyDown={(e) => {
            if (e.key === 'Escape') dismiss(toast.id);
          }}
        >
          <span className="upload-toast-text">
            {uploadErrorText(toast.code, context.uploads, t, i18n.resolvedLanguage ?? 'en')}
          </span>
          <button
            type="button"
            className="upload-toast-close"
            aria-label={t('uploads.dismiss')}
            onClick={() => dismiss(toast.id)}
          >
            <Icon of={X} />
          </button>
        </div>
      ))}
    </>
  );
}

export default UploadToastList;
