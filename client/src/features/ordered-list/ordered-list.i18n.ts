export const orderedListStrings = {
  label: 'Ordered List',
} as const;
