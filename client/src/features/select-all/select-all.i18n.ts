export const selectAllStrings = {
  label: 'Select All',
} as const;
