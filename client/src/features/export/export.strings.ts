/** English strings of downloads and imports (German: i18n/locales/de/export.json); they come with that code. */
export const exportActionStrings = {
  preparing: 'Preparing {{format}}…',
  downloading: 'Downloading {{format}}…',
  downloadingPercent: 'Downloading {{format}}… {{percent}} %',
  progress: 'Progress of the download',
  importing: 'Importing {{name}}…',
  importProgress: 'Progress of the import',
  cancel: 'Cancel',
  dismiss: 'Dismiss',
  downloadFailed: 'The {{format}} download failed. {{reason}}',
  formats: { html: 'HTML', markdown: 'Markdown', docx: 'Word' },
  importErrors: {
    unsupportedType: 'This file cannot be imported. Choose an HTML, Markdown (.md) or Word (.docx) file.',
    tooLarge: 'The file is too large to import. Files up to {{size}} can be imported.',
    empty: 'The file is empty. Nothing was imported.',
    malformed: 'The file could not be read as {{format}}. It may be damaged. Nothing was imported.',
    failed: 'The import failed. Nothing was imported.',
  },
  home: {
    import: 'Import document…',
    importing: 'Importing…',
  },
} as const;
