import { Smile } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { EmojiShortcodes } from './emoticons.extension';
import { emoticonsStrings } from './emoticons.i18n';
import { EmoticonsControl, EmoticonsPicker } from './emoticons.toolbar';

/** Unicode emoji: a categorised, searchable picker and `:shortcode:` typing; data loads on first use. */
export const emoticons: Capability = {
  name: 'emoticons',
  extensions: [EmojiShortcodes, EmoticonsPicker],
  i18n: emoticonsStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'emoticons',
      labelKey: 'emoticons.label',
      icon: Smile,
      group: 'insert',
      Component: EmoticonsControl,
    },
  ],
  insertItems: [
    {
      id: 'emoticons',
      labelKey: 'emoticons.label',
      icon: Smile,
      keywords: ['emoji', 'emoticon', 'smiley', 'smile', 'gesicht', 'lächeln'],
      run: (editor) => editor.storage.emoticonsPicker.open.set(true),
    },
  ],
};
