import type { EditorUiProps } from '../../editor/core/capability';
import { useStore } from '../../lib/store';
import { uploadSessionOf } from './upload-registry';
import { Lazy, type LazyPart } from '../../editor/core/lazy';

/** An upload failed: the messages have something to show. */
const useUploadFailed = ({ editor }: EditorUiProps): boolean => useStore(uploadSessionOf(editor).errors).length > 0;

/** The messages' code is fetched when idle, or at once when the first upload error comes. */
const toastList: LazyPart<EditorUiProps> = { ui: () => import('./upload-toasts'), preload: { need: useUploadFailed } };

/** The live region holding upload error messages; always mounted so screen readers announce additions. */
export function UploadToasts(props: EditorUiProps) {
  return (
    <div className="upload-toasts" aria-live="assertive" aria-atomic="false">
      <Lazy part={toastList} {...props} />
    </div>
  );
}
