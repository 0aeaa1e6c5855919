export const codeViewStrings = {
  label: 'Code View',
  source: 'HTML source of the document',
  leave: 'Back to the rich text',
  loading: 'Loading the code view…',
  loadFailed: 'The code view could not be loaded. Check your connection and try again.',
  othersChanged:
    'Others changed the document while you edit its HTML. Leaving the code view keeps their changes and applies yours.',
  reload: 'Reload from document',
} as const;
