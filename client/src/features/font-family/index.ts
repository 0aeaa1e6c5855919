import { Type } from 'lucide-react';
import { FontFamily } from '@tiptap/extension-text-style';
import type { Capability } from '../../editor/core/capability';
import { commandsOf } from '../text-style';
import { fontFamilyStrings } from './font-family.i18n';
import { FontFamilyControl } from './font-family.toolbar';

/** Font family of the selection (a `font-family` on the shared textStyle span), from the configured list. */
export const fontFamily: Capability = {
  name: 'fontFamily',
  extensions: [commandsOf(FontFamily)],
  i18n: fontFamilyStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'fontFamily',
      labelKey: 'fontFamily.label',
      icon: Type,
      group: 'text',
      priority: 40,
      Component: FontFamilyControl,
    },
  ],
};
