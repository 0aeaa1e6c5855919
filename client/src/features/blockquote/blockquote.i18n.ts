export const blockquoteStrings = {
  label: 'Quote',
} as const;
