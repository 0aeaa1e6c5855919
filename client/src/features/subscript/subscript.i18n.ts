export const subscriptStrings = {
  label: 'Subscript',
} as const;
