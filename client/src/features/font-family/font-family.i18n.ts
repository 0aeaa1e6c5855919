export const fontFamilyStrings = {
  label: 'Font Family',
} as const;
