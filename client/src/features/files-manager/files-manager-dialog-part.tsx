import { useEffect, useState } from 'react';
import type { EditorUiProps } from '../../editor/core/capability';
import { FailedNotice, PartStatus } from '../../editor/core/lazy';
import { useStore } from '../../lib/store';
import { loadUploadCode, uploadCodeLoaded, type UploadCode } from '../uploads';
import { FilesManagerModal } from './files-manager.dialog';

export { strings } from './files-manager.dialog';

/**
 * The files manager as its toolbar control declares it: the dialog with the uploads capability's code
 * (request and error texts), which is fetched alongside. If that fails the dialog closes with a notice;
 * the next open tries again.
 */
export default function FilesManagerDialogPart(props: EditorUiProps) {
  const popup = props.editor.storage.filesManager.open;
  const open = useStore(popup);
  const [kit, setKit] = useState<UploadCode | null>(uploadCodeLoaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (kit || !open) return;
    let live = true;
    loadUploadCode().then(
      (code) => live && setKit(code),
      (error: unknown) => {
        console.error('[tandem] the upload code could not be loaded', error);
        if (!live) return;
        setFailed(true);
        popup.set(false);
      },
    );
    return () => {
      live = false;
    };
  }, [kit, open, popup]);
  if (kit) return <FilesManagerModal {...props} kit={kit} />;
  if (open) return <PartStatus failed={false} placement="floating" />;
  return failed ? <FailedNotice onDismiss={() => setFailed(false)} /> : null;
}
