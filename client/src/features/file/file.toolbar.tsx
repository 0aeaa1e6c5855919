import { FileUp } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { lazyPart, retryableImport } from '../../editor/core/lazy/lazy-part';
import { createOpenState } from '../../editor/ui/open-state';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import './file.css';

/** Open state shared with the quick-insert entry. */
export const fileUploadPopup = createOpenState();

// The drop zone is fetched the first time the popup opens.
const importForm = retryableImport(() => import('./file-upload-form'));
const FileUploadForm = lazyPart(() => importForm().then((m) => m.FileUploadForm));

/** "Upload File": a popup with a drop zone backed by a file input (FROALA-REFERENCE §14). */
export function FileUploadControl({ editor, context, trigger }: ToolbarControlProps) {
  const open = fileUploadPopup.useOpen();
  return (
    <ToolbarPopover
      trigger={trigger}
      display={<Icon of={FileUp} />}
      open={open}
      onOpenChange={(next) => fileUploadPopup.set(next)}
    >
      {(close) => <FileUploadForm editor={editor} context={context} close={close} />}
    </ToolbarPopover>
  );
}
