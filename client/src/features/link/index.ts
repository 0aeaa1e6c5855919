import { Link } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { createLinkExtension } from './link.extension';
import { linkStrings } from './link.i18n';
import { linkContextMenu } from './link.context-menu';
import { LinkControl } from './link.toolbar';
import { linkUiNeeded } from './link-events';

/** The link form (a lazy part), for other capabilities' link panels (the image's). */
export { LinkForm, preloadLinkForm } from './link-form-part';

/** Links (FROALA-REFERENCE §24): insert/edit form, link popup, autolink, scheme allowlist. */
export const link: Capability = {
  name: 'link',
  extensions: (context) => [createLinkExtension(context)],
  i18n: linkStrings,
  contextMenu: linkContextMenu,
  // The link popup (and its form) is not needed for the first paint: fetched when idle, or at once when the
  // caret enters a link or Mod-K asks for the form.
  Overlay: { ui: () => import('./link.overlay'), preload: { when: linkUiNeeded } },
  toolbar: [
    {
      kind: 'control',
      id: 'link',
      labelKey: 'link.insert',
      icon: Link,
      group: 'insert',
      shortcut: 'Mod-K',
      priority: 90,
      Component: LinkControl,
    },
  ],
};
