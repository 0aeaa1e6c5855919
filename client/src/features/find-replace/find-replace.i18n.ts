export const findReplaceStrings = {
  label: 'Find and Replace',
  replaceShortcut: 'Find and replace (replace shown)',
} as const;
