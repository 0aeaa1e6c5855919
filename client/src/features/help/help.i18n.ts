export const helpStrings = {
  label: 'Help',
} as const;
