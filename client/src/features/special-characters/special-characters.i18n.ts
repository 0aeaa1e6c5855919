export const specialCharactersStrings = {
  label: 'Special Characters',
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
