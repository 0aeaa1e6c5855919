export const charCounterStrings = {
  count: 'Characters: {{n}}',
  countMax: 'Characters: {{n}}/{{max}}',
  limit: 'Limit of {{max}} characters reached.',
  paste: 'Not pasted: the text would exceed the limit of {{max}} characters.',
} as const;
