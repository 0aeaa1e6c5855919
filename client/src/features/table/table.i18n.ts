export const tableStrings = {
  insert: 'Insert Table',
  quickInsert: 'Table',
  grid: 'Table size',
  size: '{{rows}} × {{cols}}',
  toolbar: 'Table',
  noTable: 'The content you are pasting does not contain a table.',
  noTableHint: 'Please ensure the copied content is in table format.',
  ok: 'OK',
  nextCell: 'Next table cell (a new row after the last)',
  previousCell: 'Previous table cell',
  focusToolbar: 'Move to the table toolbar',
};
