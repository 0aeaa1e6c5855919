import { Heading } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { ParagraphFormatExtension } from './paragraph-format.extension';
import { paragraphFormatStrings } from './paragraph-format.i18n';
import { ParagraphFormatMenu } from './paragraph-format.toolbar';

/** Normal, Heading 1–4 and Code (FROALA-REFERENCE §22), on StarterKit's paragraph, heading and code block. */
export const paragraphFormat: Capability = {
  name: 'paragraphFormat',
  extensions: [ParagraphFormatExtension],
  i18n: paragraphFormatStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'paragraphFormat',
      labelKey: 'paragraphFormat.label',
      icon: Heading,
      group: 'paragraph',
      priority: 60,
      Component: ParagraphFormatMenu,
    },
  ],
  shortcuts: [
    { keys: 'Mod-Alt-0', labelKey: 'paragraphFormat.paragraph' },
    { keys: 'Mod-Alt-1', labelKey: 'paragraphFormat.h1' },
    { keys: 'Mod-Alt-2', labelKey: 'paragraphFormat.h2' },
    { keys: 'Mod-Alt-3', labelKey: 'paragraphFormat.h3' },
    { keys: 'Mod-Alt-4', labelKey: 'paragraphFormat.h4' },
  ],
};
