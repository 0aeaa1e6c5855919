export const specialCharactersStrings = {
  label: 'Special Characters',
  loading: 'Loading characters…',
  failed: 'The characters could not be loaded. Check your connection and open the picker again.',
  sets: {
    latin: 'Latin',
    greek: 'Greek',
    cyrillic: 'Cyrillic',
    punctuation: 'Punctuation',
    currency: 'Currency',
    arrows: 'Arrows',
    math: 'Math',
    misc: 'Misc',
  },
} as const;
