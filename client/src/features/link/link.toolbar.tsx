import { Link } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useEffect, useRef, useState } from 'react';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import { onLinkFormRequest } from './link-events';
import { LinkForm } from './link-form-part';

/** "Insert Link" (Mod-K): a popup form that inserts a link or edits the one at the caret. */
export function LinkControl({ editor, context, trigger }: ToolbarControlProps) {
  const [open, setOpen] = useState(false);
  // Opened from the keyboard inside the text: closing returns there, not to the toolbar button.
  const fromShortcut = useRef(false);
  const active = useEditorUiState({ editor, selector: ({ editor: e }) => e.isActive('link') });

  useEffect(
    () =>
      onLinkFormRequest(editor, 1, () => {
        fromShortcut.current = true;
        setOpen(true);
        return true;
      }),
    [editor],
  );

  return (
    <ToolbarPopover
      trigger={trigger}
      display={<Icon of={Link} />}
      active={active}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next && fromShortcut.current) requestAnimationFrame(() => editor.commands.focus());
        if (!next) fromShortcut.current = false;
      }}
      onEscape={() => {
        if (!fromShortcut.current) return false;
        // Back in the text at once: a focus one frame later would undo a selection made meanwhile.
        fromShortcut.current = false;
        editor.view.focus();
        return true;
      }}
    >
      {(close) => <LinkForm editor={editor} context={context} onClose={close} />}
    </ToolbarPopover>
  );
}
