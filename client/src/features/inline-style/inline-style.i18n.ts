import { defaultLabelStrings } from '../../lib/option-labels';
export const inlineStyleStrings = {
  label: 'Inline Style',
  /** Translations of the default style labels; other labels are shown as configured. */
  values: defaultLabelStrings('inlineStyles'),
} as const;
