import { X } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@shared/errors';

/** How long an error message stays (it can be dismissed earlier). */
const TOAST_MS = 8_000;
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

/** Shows the translated message of an upload error (visible, announced by an aria-live region). */
export function showUploadError(code: ErrorCode | 'NETWORK'): void {
  const id = nextId++;
  toasts = [...toasts, { id, code }].slice(-MAX_TOASTS);
  emit();
  setTimeout(() => dismiss(id), TOAST_MS);
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
export function UploadToasts() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(subscribe, () => toasts);
  return (
    <div className="upload-toasts" aria-live="assertive" aria-atomic="false">
      {list.map((toast) => (
        <div key={toast.id} className="upload-toast" data-code={toast.code}>
          <span className="upload-toast-text">{t(`errors.${toast.code}`)}</span>
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
