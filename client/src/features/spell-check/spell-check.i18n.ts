/** English strings of the spell checker's first-load part (German: locales/de/spellCheck.json). */
export const spellCheckStrings = {
  label: 'Spell Checker',
  suggestShortcut: 'Spelling suggestions',
} as const;
