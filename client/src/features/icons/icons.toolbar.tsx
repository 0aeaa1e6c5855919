import { Shapes } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Icon } from '../../editor/ui/icon';
import { useTranslation } from '../../i18n/use-translation';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { partComponent } from '../../editor/core/lazy';
import { useStore } from '../../lib/store';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import type { IconPickerPanel as Part } from './icons.overlay';
import { selectedIcon } from './icons.extension';

// The picker (search, tabs, grid) is fetched the first time the popup opens, the drawings with it.
const Picker = partComponent<ComponentProps<typeof Part>>({ ui: () => import('./icons.overlay') });

/** "Insert Icon": a popup with search, categories, recently used icons, colour and size (FROALA-REFERENCE §39). */
export function IconsControl({ editor, context, trigger }: ToolbarControlProps) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const picker = editor.storage.iconPicker.open;
  const open = useStore(picker);
  return (
    <ToolbarPopover
      trigger={trigger}
      display={<Icon of={Shapes} />}
      open={open}
      onOpenChange={picker.set}
      onEscape={() => editor.view.focus()}
    >
      {(close) => {
        const selected = selectedIcon(editor.state.selection);
        return (
          <Picker
            key={language}
            language={language}
            colors={context.options.colors}
            selected={selected ? { ...selected.node.attrs } : null}
            onPick={(attrs) => {
              // At the caret, or in place of the selected icon; the editor keeps the focus.
              const done = editor.chain().focus().insertIcon(attrs).run();
              close(true);
              return done;
            }}
            onRestyle={(patch) => editor.commands.updateIcon(patch)}
          />
        );
      }}
    </ToolbarPopover>
  );
}
