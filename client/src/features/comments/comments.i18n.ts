/** The first load's strings; the panel's own come with its chunk (comments.strings.ts). */
export const commentsStrings = {
  label: 'Comments',
  add: 'Add comment',
} as const;
