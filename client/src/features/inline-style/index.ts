import { Brush } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { InlineStyle } from './inline-style.extension';
import { inlineStyleStrings } from './inline-style.i18n';
import { InlineStyleControl } from './inline-style.toolbar';

/** Configured declaration lists (`font-size: 20px; color: red;`) applied to the selection. */
export const inlineStyle: Capability = {
  name: 'inlineStyle',
  extensions: [InlineStyle],
  i18n: inlineStyleStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'inlineStyle',
      labelKey: 'inlineStyle.label',
      icon: Brush,
      group: 'text',
      priority: 20,
      Component: InlineStyleControl,
    },
  ],
};
