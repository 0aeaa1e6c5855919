/** English strings of the home page (German: i18n/locales/de.json); they come with its code. */
export const homeStrings = {
  title: 'Your documents',
  newTitle: 'Title of the new document',
  create: 'New document',
  creating: 'Creating…',
  recent: 'Opened in this browser',
  empty: 'No documents yet. Create one to start writing together.',
  untitled: 'Untitled',
  deleted: 'In the trash',
  viewOnly: 'View only',
  open: 'Open {{title}}',
};
