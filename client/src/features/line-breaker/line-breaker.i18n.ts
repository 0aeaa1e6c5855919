export const lineBreakerStrings = {
  label: 'Break',
} as const;
