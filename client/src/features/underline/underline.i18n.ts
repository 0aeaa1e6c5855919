export const underlineStrings = {
  label: 'Underline',
} as const;
