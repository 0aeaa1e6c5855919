export const linkStrings = {
  insert: 'Insert Link',
  edit: 'Edit Link',
  editText: 'Edit Text',
  url: 'URL',
  text: 'Text',
  newTab: 'Open in new tab',
  insertButton: 'Insert',
  update: 'Update',
  cancel: 'Cancel',
  unlink: 'Unlink',
  open: 'Open Link',
  popup: 'Link',
  errors: {
    empty: 'Enter a URL.',
    scheme: 'This kind of link is not allowed. Use a web address (http, https), an e-mail address or a phone number.',
    invalid: 'This is not a valid link.',
  },
} as const;
