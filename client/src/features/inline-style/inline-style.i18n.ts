export const inlineStyleStrings = {
  label: 'Inline Style',
} as const;
