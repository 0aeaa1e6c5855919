import { TextCursorInput } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Icon } from '../../editor/ui/icon';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { partComponent } from '../../editor/core/lazy';
import { useStore } from '../../lib/store';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import type { FormsMenu as Part } from './forms.menu';

// The menu of control kinds is fetched the first time it opens.
const Menu = partComponent<ComponentProps<typeof Part>>({ ui: () => import('./forms.menu') });

/** "Form Controls": a menu of the kinds to insert, and "Edit Form Control" when one is selected. */
export function FormsControl({ editor, trigger }: ToolbarControlProps) {
  const menu = editor.storage.formsMenu.open;
  const open = useStore(menu);
  return (
    <ToolbarPopover
      trigger={trigger}
      display={<Icon of={TextCursorInput} />}
      open={open}
      onOpenChange={menu.set}
      onEscape={() => editor.view.focus()}
    >
      {(close) => <Menu editor={editor} close={() => close(true)} />}
    </ToolbarPopover>
  );
}
