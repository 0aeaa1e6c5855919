export const horizontalRuleStrings = {
  label: 'Insert Horizontal Line',
} as const;
