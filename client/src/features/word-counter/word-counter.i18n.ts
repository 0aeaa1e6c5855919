export const wordCounterStrings = {
  count: 'Words: {{n}}',
  countMax: 'Words: {{n}}/{{max}}',
  limit: 'Limit of {{max}} words reached.',
  paste: 'Not pasted: the text would exceed the limit of {{max}} words.',
} as const;
