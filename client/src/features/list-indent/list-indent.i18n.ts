export const listIndentStrings = {
  increase: 'Increase Indent',
  decrease: 'Decrease Indent',
} as const;
