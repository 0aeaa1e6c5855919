export const markdownStrings = {
  label: 'Markdown',
  source: 'Markdown of the document',
  divider: 'Width of the Markdown view',
  loading: 'Loading the Markdown view…',
  loadFailed: 'The Markdown view could not be loaded. Check your connection and try again.',
} as const;
