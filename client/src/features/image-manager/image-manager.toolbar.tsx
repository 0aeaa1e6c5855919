import { Images } from 'lucide-react';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { Icon } from '../../editor/ui/icon';
import { useStore } from '../../lib/store';
import { openImageManager } from './image-manager.extension';

/**
 * The "Manage Images" toolbar button beside Insert Image: the modal itself is the capability's overlay
 * (also opened from the image popups), so this only opens it.
 */
export function ImageManagerControl({ editor, trigger }: ToolbarControlProps) {
  const open = useStore(editor.storage.imageManager.open);
  return (
    <button
      {...trigger}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={open}
      data-state={open ? 'open' : 'closed'}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => openImageManager(editor)}
    >
      <Icon of={Images} />
    </button>
  );
}
