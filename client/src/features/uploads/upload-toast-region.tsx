import type { EditorUiProps } from '../../editor/core/capability';
import { useStore } from '../../lib/store';
import { uploadSessionOf } from './upload-registry';
import { lazyOnNeed, retryableImport } from '../../editor/core/lazy/lazy-part';

const importToasts = retryableImport(() => import('./upload-toasts'));

/** The messages' code is fetched when idle, or at once when the first upload error comes. */
const UploadToastList = lazyOnNeed(
  () => importToasts().then((m) => m.UploadToastList),
  ({ editor }: EditorUiProps): boolean => useStore(uploadSessionOf(editor).errors).length > 0,
);

/** The live region holding upload error messages; always mounted so screen readers announce additions. */
export function UploadToasts(props: EditorUiProps) {
  return (
    <div className="upload-toasts" aria-live="assertive" aria-atomic="false">
      <UploadToastList {...props} />
    </div>
  );
}
