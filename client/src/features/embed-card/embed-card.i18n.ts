/** The first load's strings (toolbar and quick insert); the form and popups bring their own (embed-card.strings.ts). */
export const embedCardStrings = {
  label: 'Insert Card',
  quickInsert: 'Embed card',
} as const;
