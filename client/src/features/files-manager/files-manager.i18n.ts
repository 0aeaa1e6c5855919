/** The first load's strings (the toolbar); the dialog's come with its code (files-manager.strings.ts). */
export const filesManagerStrings = {
  label: 'Insert Files',
} as const;
