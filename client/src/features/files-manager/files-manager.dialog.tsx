import { useEffect, useState } from 'react';
import type { EditorUiProps } from '../../editor/core/capability';
import { FailedNotice, PartStatus } from '../../editor/core/lazy';
import { ManagerDialog } from '../../editor/ui/manager/manager-dialog';
import { useStore } from '../../lib/store';
import { loadUploadCode, uploadCodeLoaded, type UploadCode } from '../uploads';
import { ManagerBody, type ModalProps } from './files-manager-body';
import { filesManagerDialogStrings } from './files-manager.strings';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { filesManager: filesManagerDialogStrings };

const frame = { className: 'fm-dialog', titleKey: 'filesManager.label', closeKey: 'filesManager.close' };

/** The "Insert Files" modal (FROALA-REFERENCE §15); its toolbar button is files-manager.toolbar.tsx. */
export function FilesManagerModal({ editor, context, kit }: ModalProps) {
  const popup = editor.storage.filesManager.open;
  const open = useStore(popup);
  return (
    <ManagerDialog editor={editor} open={open} onOpenChange={popup.set} frame={frame}>
      <ManagerBody editor={editor} context={context} kit={kit} onClose={() => popup.set(false)} />
    </ManagerDialog>
  );
}

/**
 * The files manager as its toolbar control declares it: the modal with the uploads capability's code
 * (request and error texts), which is fetched alongside. If that fails the modal closes with a notice;
 * the next open tries again.
 */
export default function FilesManagerWithUploads(props: EditorUiProps) {
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
