import { FileUp } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import type { ToolbarControlProps } from '../../editor/core/capability';
import type { ComponentProps } from 'react';
import { partComponent } from '../../editor/core/lazy';
import type { FileUploadForm as Part } from './file-upload-form';
import { openStateExtension, type OpenStateStorage } from '../../editor/ui/open-state';
import { useStore } from '../../lib/store';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import './file.css';

/** The popup's open flag per editor, shared with the quick-insert entry. */
export const FileUploadPopup = openStateExtension('fileUploadPopup');

declare module '@tiptap/core' {
  interface Storage {
    fileUploadPopup: OpenStateStorage;
  }
}

// The drop zone is fetched the first time the popup opens.
const FileUploadForm = partComponent<ComponentProps<typeof Part>>({ ui: () => import('./file-upload-form') });

/** "Upload File": a popup with a drop zone backed by a file input (FROALA-REFERENCE §14). */
export function FileUploadControl({ editor, context, trigger }: ToolbarControlProps) {
  const popup = editor.storage.fileUploadPopup.open;
  const open = useStore(popup);
  return (
    <ToolbarPopover trigger={trigger} display={<Icon of={FileUp} />} open={open} onOpenChange={popup.set}>
      {(close) => <FileUploadForm editor={editor} context={context} close={close} />}
    </ToolbarPopover>
  );
}
