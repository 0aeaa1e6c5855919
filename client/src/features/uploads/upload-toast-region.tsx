import { useSyncExternalStore } from 'react';
import type { EditorUiProps } from '../../editor/core/capability';
import { currentUploadErrors, subscribeUploadErrors } from './upload-errors';
import { lazyOnNeed, retryableImport } from '../../editor/core/lazy/lazy-part';

const importToasts = retryableImport(() => import('./upload-toasts'));

/** The messages' code is fetched when idle, or at once when the first upload error comes. */
const UploadToastList = lazyOnNeed(
  () => importToasts().then((m) => m.UploadToastList),
  (): boolean => useSyncExternalStore(subscribeUploadErrors, () => currentUploadErrors().length > 0),
);

/** The live region holding upload error messages; always mounted so screen readers announce additions. */
export function UploadToasts(props: EditorUiProps) {
  return (
    <div className="upload-toasts" aria-live="assertive" aria-atomic="false">
      <UploadToastList {...props} />
    </div>
  );
}
