export const blockquoteStrings = {
  label: 'Quote',
  increase: 'Increase',
  decrease: 'Decrease',
  decreaseHelp: 'Decrease Quote',
} as const;
