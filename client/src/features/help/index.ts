import { CircleHelp } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { HelpButton } from './help.toolbar';
import { HelpExtension } from './help.extension';
import { helpStrings } from './help.i18n';

/** "Help": a dialog listing every keyboard shortcut; also Alt-F10 to reach the toolbar. */
export const help: Capability = {
  name: 'help',
  extensions: [HelpExtension],
  i18n: helpStrings,
  // The shortcuts dialog, fetched the first time it opens (button or Mod-/).
  Overlay: { ui: () => import('./help.dialog'), preload: { open: ({ editor }) => editor.storage.help.state.open } },
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
