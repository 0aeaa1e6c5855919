import { defaultLabelStrings } from '../../lib/option-labels';
export const paragraphStyleStrings = {
  label: 'Paragraph Style',
  /** Translations of the default style labels; other labels are shown as configured. */
  values: defaultLabelStrings('paragraphStyles'),
} as const;
