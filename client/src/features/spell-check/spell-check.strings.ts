/** English strings of the suggestions menu and the language control, registered when their chunk loads. */
export const spellMenuStrings = {
  menu: 'Spelling suggestions for “{{word}}”',
  loading: 'Looking for suggestions…',
  none: 'No suggestions',
  ignore: 'Ignore',
  add: 'Add to dictionary',
  language: 'Document language',
  lang: { en: 'English', de: 'German' },
} as const;
