/** The first load's strings (toolbar, quick insert); the menu and popup bring their own (forms.strings.ts). */
export const formsStrings = {
  label: 'Form Controls',
  quickInsert: 'Form control',
} as const;
