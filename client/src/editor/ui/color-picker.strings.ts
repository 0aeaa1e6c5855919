/** English strings of the colour picker (German: i18n/locales/de.json); they come with its code. */
export const colorPickerStrings = {
  presets: 'Colors',
  recent: 'Recently used colors',
  remove: 'Remove Color',
  hexColor: 'HEX Color',
  ok: 'OK',
  invalidHex: 'Enter 3, 4, 6 or 8 hexadecimal digits, with or without #, for example #E25041, #E2504180 or #F00.',
} as const;
