/** The "Advanced Edit" button of the image popup: in the popup's chunk, apart from the editor's strings. */
export const imageAdvancedEditButtonStrings = {
  open: 'Advanced Edit',
} as const;
