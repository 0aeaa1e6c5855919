export const findReplaceStrings = {
  label: 'Find and Replace',
  replaceShortcut: 'Replace',
} as const;
