import { Baseline, Highlighter } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { TextBackgroundColor, TextColor } from './colors.extension';
import { colorsStrings } from './colors.i18n';
import { BackgroundColorControl, TextColorControl } from './colors.toolbar';

/**
 * Text and background colour (FROALA-REFERENCE §2): two pickers with the configured presets, an
 * eraser, a hex field and the recently used colours, stored on the shared `textStyle` mark.
 */
export const colors: Capability = {
  name: 'colors',
  extensions: [TextColor, TextBackgroundColor],
  i18n: colorsStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'textColor',
      labelKey: 'colors.textColor',
      icon: Baseline,
      group: 'text',
      Component: TextColorControl,
    },
    {
      kind: 'control',
      id: 'backgroundColor',
      labelKey: 'colors.backgroundColor',
      icon: Highlighter,
      group: 'text',
      Component: BackgroundColorControl,
    },
  ],
};
