import { Images } from 'lucide-react';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { DialogButton } from '../../editor/ui/dialog-button';
import { useStore } from '../../lib/store';
import { openImageManager } from './image-manager.extension';

/**
 * The "Manage Images" toolbar button beside Insert Image: the modal itself is the capability's overlay
 * (also opened from the image popups), so this only opens it.
 */
export function ImageManagerControl({ editor, trigger }: ToolbarControlProps) {
  const open = useStore(editor.storage.imageManager.open);
  return <DialogButton trigger={trigger} open={open} icon={Images} onOpen={() => openImageManager(editor)} />;
}
