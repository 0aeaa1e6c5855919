export const inlineClassStrings = {
  label: 'Inline Class',
} as const;
