import { Image } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useState } from 'react';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { lazyPart, retryableImport } from '../../editor/core/lazy/lazy-part';
import { createOpenState } from '../../editor/ui/open-state';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';

/** Open state shared with the quick-insert entry and the shortcut. */
export const imageInsertPopup = createOpenState();

// The tabs, drop zone and URL form are fetched the first time the popup opens.
const importForm = retryableImport(() => import('./image-insert'));
const ImageInsertForm = lazyPart(() => importForm().then((m) => m.ImageInsertForm));

/** "Insert Image": a popup with tabs Upload Image, By URL and Browse (FROALA-REFERENCE §16). */
export function ImageInsertControl({ editor, context, trigger }: ToolbarControlProps) {
  const open = imageInsertPopup.useOpen();
  const [tab, setTab] = useState('upload');
  return (
    <ToolbarPopover
      trigger={trigger}
      display={<Icon of={Image} />}
      open={open}
      onOpenChange={(next) => imageInsertPopup.set(next)}
    >
      {(close) => <ImageInsertForm editor={editor} context={context} close={close} tab={tab} setTab={setTab} />}
    </ToolbarPopover>
  );
}
