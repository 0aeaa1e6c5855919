import { defaultLabelStrings } from '../../lib/option-labels';
export const inlineClassStrings = {
  label: 'Inline Class',
  /** Translations of the default class labels; other labels are shown as configured. */
  values: defaultLabelStrings('inlineClasses'),
} as const;
