/** English strings of the share dialog's content (German: i18n/locales/de.json); they come with its code. */
export const shareDialogStrings = {
  title: 'Share this document',
  intro: 'Links work like keys: anyone who has one gets in, without an account. Send them only to people you trust.',
  close: 'Close',
  copy: 'Copy',
  copied: 'Copied',
  copiedLink: 'Link copied to the clipboard.',
  copyManually: 'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.',
  unavailable: 'The links cannot be loaded right now. Check your connection and try again.',
  editor: {
    title: 'Editor link',
    role: 'Can edit',
    help: 'Can change the document and its title, upload pictures and files, and share all three links.',
    copy: 'Copy editor link',
  },
  commenter: {
    title: 'Commenter link',
    role: 'Can comment',
    help: 'Can read the document and add, answer and resolve comments, but cannot change its text.',
    copy: 'Copy commenter link',
  },
  viewer: {
    title: 'Viewer link',
    role: 'Can view',
    help: 'Can read the document and see who is working on it, but cannot change anything.',
    copy: 'Copy viewer link',
  },
};
