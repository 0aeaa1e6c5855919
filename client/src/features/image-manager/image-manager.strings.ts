/** English strings of the dialog (German: i18n/locales/de/imageManager.json); they come with its code. */
export const imageManagerDialogStrings = {
  close: 'Close',
  loading: 'Loading…',
  deleting: 'Deleting…',
  empty:
    'No images uploaded to this document yet. Images you upload or paste appear here, so you can insert them again or delete them.',
  emptyTag: 'No images with this tag.',
  tags: 'Filter by tag',
  allTags: 'All',
  insert: 'Insert',
  insertNamed: 'Insert {{name}}',
  delete: 'Delete',
  deleteNamed: 'Delete {{name}}',
  tagField: 'Tags of {{name}}',
  tagPlaceholder: 'tag, tag…',
  tagSaveFailed: 'The tags could not be saved.',
  confirmTitle: 'Delete image',
  confirmText: 'Are you sure? Image will be deleted.',
  confirmOk: 'OK',
  confirmCancel: 'Cancel',
  notices: {
    thumb: 'Some images have no thumbnail; the full image is shown instead.',
    url: 'Some images have no address and are not shown.',
    broken: 'Some images could not be loaded and are not shown.',
  },
  dismiss: 'Dismiss',
  retry: 'Try again',
} as const;
