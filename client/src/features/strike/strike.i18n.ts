export const strikeStrings = {
  label: 'Strikethrough',
} as const;
