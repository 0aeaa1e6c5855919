import { ALargeSmall } from 'lucide-react';
import { FontSize } from '@tiptap/extension-text-style';
import type { Capability } from '../../editor/core/capability';
import { commandsOf } from '../text-style';
import { fontSizeStrings } from './font-size.i18n';
import { FontSizeControl } from './font-size.toolbar';

/** Font size of the selection (a `font-size` on the shared textStyle span) in the configured unit. */
export const fontSize: Capability = {
  name: 'fontSize',
  extensions: [commandsOf(FontSize)],
  i18n: fontSizeStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'fontSize',
      labelKey: 'fontSize.label',
      icon: ALargeSmall,
      group: 'text',
      priority: 40,
      Component: FontSizeControl,
    },
  ],
};
