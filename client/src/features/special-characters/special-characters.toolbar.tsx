import { Omega } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import type { ComponentProps } from 'react';
import { partComponent } from '../../editor/core/lazy';
import type { SpecialCharactersPicker as Part } from './special-characters.overlay';
import { useTranslation } from '../../i18n/use-translation';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { openStateExtension, type OpenStateStorage } from '../../editor/ui/open-state';
import { useStore } from '../../lib/store';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import { insertCharacter } from './special-characters.extension';

// The picker (tabs, grid, names) is fetched the first time the popup opens.
const SpecialCharactersPicker = partComponent<ComponentProps<typeof Part>>({
  ui: () => import('./special-characters.overlay'),
});

/** The picker's open flag per editor, shared with the quick-insert entry. */
export const SpecialCharactersOpen = openStateExtension('specialCharactersPicker');

declare module '@tiptap/core' {
  interface Storage {
    specialCharactersPicker: OpenStateStorage;
  }
}

/** "Special Characters": a popup with one tab per character set and a grid; a click inserts and closes. */
export function SpecialCharactersControl({ editor, trigger }: ToolbarControlProps) {
  const { i18n } = useTranslation();
  const picker = editor.storage.specialCharactersPicker.open;
  const open = useStore(picker);
  return (
    <ToolbarPopover trigger={trigger} display={<Icon of={Omega} />} open={open} onOpenChange={picker.set}>
      {(close) => (
        <SpecialCharactersPicker
          language={i18n.resolvedLanguage === 'de' ? 'de' : 'en'}
          onPick={(char) => {
            insertCharacter(editor, char);
            close(true);
          }}
        />
      )}
    </ToolbarPopover>
  );
}
