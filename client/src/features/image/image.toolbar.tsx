import { Image } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useState, type ComponentProps } from 'react';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { partComponent } from '../../editor/core/lazy';
import type { ImageInsertForm as Part } from './image-insert';
import { openStateExtension, type OpenStateStorage } from '../../editor/ui/open-state';
import { useStore } from '../../lib/store';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';

/** The popup's open flag per editor, shared with the quick-insert entry and the shortcut. */
export const ImageInsertPopup = openStateExtension('imageInsertPopup');

declare module '@tiptap/core' {
  interface Storage {
    imageInsertPopup: OpenStateStorage;
  }
}

// The tabs, drop zone and URL form are fetched the first time the popup opens.
const ImageInsertForm = partComponent<ComponentProps<typeof Part>>({ ui: () => import('./image-insert') });

/** "Insert Image": a popup with tabs Upload Image, By URL and Browse (FROALA-REFERENCE §16). */
export function ImageInsertControl({ editor, context, trigger }: ToolbarControlProps) {
  const popup = editor.storage.imageInsertPopup.open;
  const open = useStore(popup);
  const [tab, setTab] = useState('upload');
  return (
    <ToolbarPopover trigger={trigger} display={<Icon of={Image} />} open={open} onOpenChange={popup.set}>
      {(close) => <ImageInsertForm editor={editor} context={context} close={close} tab={tab} setTab={setTab} />}
    </ToolbarPopover>
  );
}
