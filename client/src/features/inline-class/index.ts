import { Tag } from 'lucide-react';
import { inlineClassValues } from '@shared/document/model/validators';
import type { Capability } from '../../editor/core/capability';
import { InlineClass } from './inline-class.extension';
import { inlineClassStrings } from './inline-class.i18n';
import { InlineClassControl } from './inline-class.toolbar';

/** Configured CSS classes toggled on the shared textStyle span around the selection (several at once). */
export const inlineClass: Capability = {
  name: 'inlineClass',
  extensions: (context) => [InlineClass.configure({ classes: inlineClassValues(context.options) })],
  i18n: inlineClassStrings,
  toolbar: [
    {
      kind: 'control',
      id: 'inlineClass',
      labelKey: 'inlineClass.label',
      icon: Tag,
      group: 'text',
      priority: 20,
      Component: InlineClassControl,
    },
  ],
};
