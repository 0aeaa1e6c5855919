import { PaintRoller } from 'lucide-react';
import { paragraphStyleClasses } from '@shared/document/model/validators';
import type { Capability } from '../../editor/core/capability';
import { ParagraphStyle } from './paragraph-style.extension';
import { paragraphStyleStrings } from './paragraph-style.i18n';
import { ParagraphStyleMenu } from './paragraph-style.toolbar';

/** CSS classes on paragraphs and headings, from the deployment's list (`options.paragraphStyles`). */
export const paragraphStyle: Capability = {
  name: 'paragraphStyle',
  extensions: (context) => [
    ParagraphStyle.configure({
      // The styles the model accepts (one class token each, so that the value round-trips through `class`).
      classes: paragraphStyleClasses(context.options),
      multiple: context.options.paragraphMultipleStyles,
    }),
  ],
  i18n: paragraphStyleStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'paragraphStyle',
      labelKey: 'paragraphStyle.label',
      icon: PaintRoller,
      group: 'paragraph',
      priority: 30,
      Component: ParagraphStyleMenu,
    },
  ],
};
