export const italicStrings = {
  label: 'Italic',
} as const;
