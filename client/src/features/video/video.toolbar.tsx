import { Film } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { createOpenState } from '../../editor/ui/open-state';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import { VideoForm } from './video-form.lazy';

/** Open state shared with the quick-insert entry. */
export const videoInsertPopup = createOpenState();

/** "Insert Video": a popup with the By URL, Embedded Code and Upload Video tabs. */
export function VideoInsertControl({ editor, context, trigger }: ToolbarControlProps) {
  const open = videoInsertPopup.useOpen();
  return (
    <ToolbarPopover
      trigger={trigger}
      display={<Icon of={Film} />}
      open={open}
      onOpenChange={(next) => videoInsertPopup.set(next)}
    >
      {(close) => <VideoForm editor={editor} context={context} onClose={close} />}
    </ToolbarPopover>
  );
}
