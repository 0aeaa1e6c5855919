export const colorsStrings = {
  textColor: 'Text Color',
  backgroundColor: 'Background Color',
} as const;
