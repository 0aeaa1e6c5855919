/** The first load's strings; the panel's own come with its chunk (comments.strings.ts). */
export const commentsStrings = {
  label: 'Comments',
  add: 'Add comment',
  /** The quote of a thread on an image, a video or another object without text. */
  object: 'Object',
} as const;
