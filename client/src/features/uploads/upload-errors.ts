import type { ErrorCode } from '@shared/errors';

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

export function dismissUploadError(id: number): void {
  const next = toasts.filter((t) => t.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

/**
 * Shows the translated message of an upload error (visible, announced by an aria-live region) until it is
 * dismissed or replaced: every way of uploading (popup, drop, paste, managers) reports here. The same
 * message again moves to the end instead of piling up. (The messages' view loads when the first one comes.)
 */
export function showUploadError(code: ErrorCode | 'NETWORK'): void {
  const id = nextId++;
  toasts = [...toasts.filter((t) => t.code !== code), { id, code }].slice(-MAX_TOASTS);
  emit();
}

/** The messages currently shown. */
export function currentUploadErrors(): readonly UploadToast[] {
  return toasts;
}

export const subscribeUploadErrors = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
