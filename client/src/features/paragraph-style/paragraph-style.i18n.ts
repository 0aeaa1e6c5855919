export const paragraphStyleStrings = {
  label: 'Paragraph Style',
  /** Translations of the default style labels; other labels are shown as configured. */
  values: {
    Gray: 'Gray',
    Bordered: 'Bordered',
    Spaced: 'Spaced',
    Uppercase: 'Uppercase',
  },
} as const;
