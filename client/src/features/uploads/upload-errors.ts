import type { Editor } from '@tiptap/core';
import type { ErrorCode } from '@shared/errors';
import { uploadSessionOf } from './upload-registry';

/** Messages kept at once: a newer one replaces the oldest; none disappears by itself. */
const MAX_TOASTS = 4;

export interface UploadToast {
  id: number;
  code: ErrorCode | 'NETWORK';
}

/**
 * Shows the translated message of an upload error (visible, announced by an aria-live region) until it is
 * dismissed or replaced: every way of uploading (popup, drop, paste, managers) reports here. The same
 * message again moves to the end instead of piling up. (The messages' view loads when the first one comes.)
 */
export function showUploadError(editor: Editor, code: ErrorCode | 'NETWORK'): void {
  // An upload may end after its editor is gone (Tiptap empties a destroyed editor's storage).
  if (editor.isDestroyed) return;
  const session = uploadSessionOf(editor);
  const id = ++session.lastErrorId;
  session.errors.set([...session.errors.get().filter((t) => t.code !== code), { id, code }].slice(-MAX_TOASTS));
}
