export const textAlignStrings = {
  left: 'Align Left',
  center: 'Align Center',
  right: 'Align Right',
  justify: 'Align Justify',
} as const;
