export const fontSizeStrings = {
  label: 'Font Size',
  default: 'Default',
  custom: 'Custom size',
  apply: 'Apply',
  invalid: 'Enter a whole number from {{min}} to {{max}}.',
} as const;
