import { defaultLabelStrings } from '../../lib/option-labels';
export const lineHeightStrings = {
  label: 'Line Height',
  /** Translations of the default option labels; other labels are shown as configured. */
  values: defaultLabelStrings('lineHeights'),
} as const;
