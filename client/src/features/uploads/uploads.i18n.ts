export const uploadsStrings = {
  uploading: 'Uploading {{progress}}%',
  progressLabel: 'Uploading {{name}}',
  cancel: 'Cancel',
  dismiss: 'Dismiss',
  cancelShortcut: 'Cancel the newest upload',
} as const;
