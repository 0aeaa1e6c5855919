export const uploadsStrings = {
  uploading: 'Uploading {{progress}}%',
  progressLabel: 'Uploading {{name}}',
  cancel: 'Cancel',
  dismiss: 'Dismiss',
  cancelShortcut: 'Cancel the newest upload',
  tooLarge: 'File is too large (max {{size}}).',
  invalidType: 'This file type is not allowed (allowed: {{types}}).',
} as const;
