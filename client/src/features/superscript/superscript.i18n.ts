export const superscriptStrings = {
  label: 'Superscript',
} as const;
