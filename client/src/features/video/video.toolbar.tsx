import { Film } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { openStateExtension, type OpenStateStorage } from '../../editor/ui/open-state';
import { useStore } from '../../lib/store';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import { VideoForm } from './video-form-part';

/** The popup's open flag per editor, shared with the quick-insert entry. */
export const VideoInsertPopup = openStateExtension('videoInsertPopup');

declare module '@tiptap/core' {
  interface Storage {
    videoInsertPopup: OpenStateStorage;
  }
}

/** "Insert Video": a popup with the By URL, Embedded Code and Upload Video tabs. */
export function VideoInsertControl({ editor, context, trigger }: ToolbarControlProps) {
  const popup = editor.storage.videoInsertPopup.open;
  const open = useStore(popup);
  return (
    <ToolbarPopover trigger={trigger} display={<Icon of={Film} />} open={open} onOpenChange={popup.set}>
      {(close) => <VideoForm editor={editor} context={context} onClose={close} />}
    </ToolbarPopover>
  );
}
