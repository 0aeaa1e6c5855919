export const codeBlockStrings = {
  label: 'Code Block',
} as const;
