/** The first load's strings; the panel's own come with its chunk (comments.strings.ts). */
export const commentsStrings = {
  label: 'Comments',
  add: 'Add comment',
  /** The quote of a thread on an image, a video or another object without text. */
  object: 'Object',
  /** The quotes of threads on an image without alternative text, a video, an empty table cell. */
  image: 'Image',
  video: 'Video',
  cell: 'Table cell',
} as const;
