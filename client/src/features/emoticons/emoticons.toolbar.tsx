import { Smile } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useTranslation } from '../../i18n/use-translation';
import type { ToolbarControlProps } from '../../editor/core/capability';
import type { ComponentProps } from 'react';
import { partComponent } from '../../editor/core/lazy';
import type { Picker as Part } from './emoticons.overlay';
import { openStateExtension, type OpenStateStorage } from '../../editor/ui/open-state';
import { useStore } from '../../lib/store';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import type { EmojiLanguage } from './emoticons.data';
import { insertEmoji } from './emoticons.extension';

// The picker (search, tabs, grid) is fetched the first time the popup opens; its data after that.
const Picker = partComponent<ComponentProps<typeof Part>>({ ui: () => import('./emoticons.overlay') });

/** The picker's open flag per editor, shared with the quick-insert entry. */
export const EmoticonsPicker = openStateExtension('emoticonsPicker');

declare module '@tiptap/core' {
  interface Storage {
    emoticonsPicker: OpenStateStorage;
  }
}

/** "Emoticons": a popup with a search field, 8 category tabs and an emoji grid (FROALA-REFERENCE §9). */
export function EmoticonsControl({ editor, trigger }: ToolbarControlProps) {
  const { i18n } = useTranslation();
  const language: EmojiLanguage = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const picker = editor.storage.emoticonsPicker.open;
  const open = useStore(picker);
  return (
    <ToolbarPopover trigger={trigger} display={<Icon of={Smile} />} open={open} onOpenChange={picker.set}>
      {(close) => (
        <Picker
          key={language}
          language={language}
          onPick={(char) => {
            insertEmoji(editor, char);
            close(true);
          }}
        />
      )}
    </ToolbarPopover>
  );
}
