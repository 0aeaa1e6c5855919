import { X } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ErrorCode } from '@shared/errors';
import { FileLimits, ImageLimits, VideoLimits } from '@shared/limits';
import type { CapabilityContext, EditorUiProps } from '../../editor/capability';
import { formatFileSize } from '../file/file.format';

/** Messages kept at once: a newer one replaces the oldest; none disappears by itself. */
const MAX_TOASTS = 4;

export interface UploadToast {
  id: number;
  code: ErrorCode | 'NETWORK';
}

let toasts: readonly UploadToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = (): void => listeners.forEach((l) => l());

function dismiss(id: number): void {
  const next = toasts.filter((t) => t.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

/**
 * Shows the translated message of an upload error (visible, announced by an aria-live region) until it is
 * dismissed or replaced: every way of uploading (popup, drop, paste, managers) reports here. The same
 * message again moves to the end instead of piling up.
 */
export function showUploadError(code: ErrorCode | 'NETWORK'): void {
  const id = nextId++;
  toasts = [...toasts.filter((t) => t.code !== code), { id, code }].slice(-MAX_TOASTS);
  emit();
}

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

/** The messages currently shown (unit tests). */
export function currentUploadErrors(): readonly UploadToast[] {
  return toasts;
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The live region holding upload error messages; always mounted so screen readers announce additions. */
export function UploadToasts({ context }: EditorUiProps) {
  const { t, i18n } = useTranslation();
  const list = useSyncExternalStore(subscribe, () => toasts);
  return (
    <div className="upload-toasts" aria-live="assertive" aria-atomic="false">
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
    </div>
  );
}
