import { PanelTop } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { partComponent } from '../../editor/core/lazy';
import { Icon } from '../../editor/ui/icon';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import { useStore } from '../../lib/store';
import type { EmbedForm as Form } from './embed-form';

// The form (and the code that calls the server) is fetched the first time the popup opens.
const EmbedForm = partComponent<ComponentProps<typeof Form>>({ ui: () => import('./embed-form') });

/** "Insert Card" (FROALA-REFERENCE §38): a popup asking for a web address. */
export function EmbedCardControl({ editor, context, trigger }: ToolbarControlProps) {
  const popup = editor.storage.embedCardInsert.open;
  const open = useStore(popup);
  return (
    <ToolbarPopover
      trigger={trigger}
      display={<Icon of={PanelTop} />}
      open={open}
      onOpenChange={popup.set}
      onEscape={() => requestAnimationFrame(() => editor.commands.focus())}
    >
      {(close) => <EmbedForm editor={editor} session={context.session} onClose={close} />}
    </ToolbarPopover>
  );
}
