import { Maximize2 } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { FullscreenExtension } from './fullscreen.extension';
import { fullscreenStrings } from './fullscreen.i18n';
import { FullscreenButton, FullscreenOverlay } from './fullscreen.toolbar';

/** Lets the editor cover the whole viewport (CSS, not the browser's Fullscreen API, as the baseline). */
export const fullscreen: Capability = {
  name: 'fullscreen',
  extensions: [FullscreenExtension],
  i18n: fullscreenStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'fullscreen',
      labelKey: 'fullscreen.label',
      icon: Maximize2,
      group: 'misc',
      shortcut: 'Mod-Shift-F',
      keepActive: true,
      Component: FullscreenButton,
    },
  ],
  shortcuts: [{ keys: 'Escape', labelKey: 'fullscreen.leave' }],
  Overlay: FullscreenOverlay,
};
