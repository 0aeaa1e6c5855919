/** The first load's strings (the toolbar); the dialog's come with its code (image-manager.strings.ts). */
export const imageManagerStrings = {
  title: 'Manage Images',
} as const;
