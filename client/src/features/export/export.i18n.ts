/** The first load's strings (the menu); downloads and imports bring their own (export.strings.ts). */
export const exportStrings = {
  menu: 'Download and print',
  downloadAs: 'Download as',
  html: 'HTML',
  md: 'Markdown',
  text: 'Plain text',
  json: 'JSON',
  pdfA4: 'PDF (A4)',
  pdfLetter: 'PDF (Letter)',
  docx: 'Word (.docx)',
  print: 'Print',
  import: 'Import…',
  importHint: 'HTML, Markdown, Word',
} as const;
