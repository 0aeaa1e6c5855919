export const bulletListStrings = {
  label: 'Unordered List',
} as const;
