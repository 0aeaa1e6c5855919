import { Smile } from 'lucide-react';
import { Icon } from '../../editor/ui/icon';
import { useTranslation } from '../../i18n/use-translation';
import type { ToolbarControlProps } from '../../editor/core/capability';
import { lazyPart, retryableImport } from '../../editor/core/lazy/lazy-part';
import { createOpenState } from '../../editor/ui/open-state';
import { ToolbarPopover } from '../../editor/ui/toolbar-popover';
import type { EmojiLanguage } from './emoticons.data';
import { insertEmoji } from './emoticons.extension';

// The picker (search, tabs, grid) is fetched the first time the popup opens; its data after that.
const importPicker = retryableImport(() => import('./emoticons.picker'));
const Picker = lazyPart(() => importPicker().then((m) => m.Picker));

/** Open state shared with the quick-insert entry. */
export const emoticonsPicker = createOpenState();

/** "Emoticons": a popup with a search field, 8 category tabs and an emoji grid (FROALA-REFERENCE §9). */
export function EmoticonsControl({ editor, trigger }: ToolbarControlProps) {
  const { i18n } = useTranslation();
  const language: EmojiLanguage = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const open = emoticonsPicker.useOpen();
  return (
    <ToolbarPopover trigger={trigger} display={<Icon of={Smile} />} open={open} onOpenChange={emoticonsPicker.set}>
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
