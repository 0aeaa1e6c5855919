export const lineHeightStrings = {
  label: 'Line Height',
  /** Translations of the default option labels; other labels are shown as configured. */
  values: {
    Default: 'Default',
    Single: 'Single',
    Double: 'Double',
  },
} as const;
