import { AlignVerticalSpaceAround } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { BlockLineHeight } from './line-height.extension';
import { lineHeightStrings } from './line-height.i18n';
import { LineHeightMenu } from './line-height.toolbar';

/** Line height of paragraphs and headings, from the deployment's list (`options.lineHeights`). */
export const lineHeight: Capability = {
  name: 'lineHeight',
  extensions: [BlockLineHeight],
  i18n: lineHeightStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'lineHeight',
      labelKey: 'lineHeight.label',
      icon: AlignVerticalSpaceAround,
      group: 'paragraph',
      priority: 30,
      Component: LineHeightMenu,
    },
  ],
};
