export const boldStrings = {
  label: 'Bold',
} as const;
