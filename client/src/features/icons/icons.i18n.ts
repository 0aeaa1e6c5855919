/** The first load's strings (toolbar and quick insert); the picker brings its own (icons.strings.ts). */
export const iconsStrings = {
  label: 'Insert Icon',
  quickInsert: 'Icon',
} as const;
