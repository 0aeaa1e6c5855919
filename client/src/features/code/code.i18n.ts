export const codeStrings = {
  label: 'Code',
} as const;
