import { Link } from 'lucide-react';
import type { Capability } from '../../editor/capability';
import { createLinkExtension } from './link.extension';
import { linkStrings } from './link.i18n';
import { LinkOverlay } from './link.overlay';
import { LinkControl } from './link.toolbar';

/** Links (FROALA-REFERENCE §24): insert/edit form, link popup, autolink, scheme allowlist. */
export const link: Capability = {
  name: 'link',
  extensions: (context) => [createLinkExtension(context)],
  i18n: linkStrings,
  Overlay: LinkOverlay,
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
