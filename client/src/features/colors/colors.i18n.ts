export const colorsStrings = {
  textColor: 'Text Color',
  backgroundColor: 'Background Color',
  presets: 'Colors',
  recent: 'Recently used colors',
  remove: 'Remove Color',
  hexColor: 'HEX Color',
  ok: 'OK',
  invalidHex:
    'Enter # followed by exactly 6 or 8 hexadecimal digits, for example #E25041 or #E2504180. Short forms such as #F00 are not accepted.',
} as const;
