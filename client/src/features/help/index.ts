import { CircleHelp } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { HelpButton, LazyHelpDialog } from './help.toolbar';
import { HelpExtension } from './help.extension';
import { helpStrings } from './help.i18n';

/** "Help": a dialog listing every keyboard shortcut; also Alt-F10 to reach the toolbar. */
export const help: Capability = {
  name: 'help',
  extensions: [HelpExtension],
  i18n: helpStrings,
  Overlay: LazyHelpDialog,
  toolbar: [
    {
      kind: 'control',
      id: 'help',
      labelKey: 'help.label',
      icon: CircleHelp,
      group: 'misc',
      shortcut: 'Mod-/',
      keepActive: true,
      Component: HelpButton,
    },
  ],
};
