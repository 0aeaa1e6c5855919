export const clearFormattingStrings = {
  label: 'Clear Formatting',
} as const;
