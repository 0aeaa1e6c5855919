import type { Capability } from '../../editor/capability';
import { ParagraphStyle } from './paragraph-style.extension';
import { paragraphStyleStrings } from './paragraph-style.i18n';
import { ParagraphStyleMenu } from './paragraph-style.toolbar';

/** CSS classes on paragraphs and headings, from the deployment's list (`options.paragraphStyles`). */
export const paragraphStyle: Capability = {
  name: 'paragraphStyle',
  extensions: (context) => [
    ParagraphStyle.configure({
      // One class token each, so that the value round-trips through `class`.
      classes: context.options.paragraphStyles.map((s) => s.value).filter((v) => /^-?[_a-zA-Z][\w-]*$/.test(v)),
      multiple: context.options.paragraphMultipleStyles,
    }),
  ],
  i18n: paragraphStyleStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'paragraphStyle',
      labelKey: 'paragraphStyle.label',
      icon: '§',
      group: 'paragraph',
      priority: 30,
      Component: ParagraphStyleMenu,
    },
  ],
};
