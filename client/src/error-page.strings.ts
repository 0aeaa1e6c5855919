/** English texts of the error pages, per kind (German: i18n/locales/de.json); they come with the page's chunk. */
export const errorPageStrings = {
  pageNotFound: {
    title: 'Page not found',
    text: 'This page does not exist.',
    hint: 'Check the address, or start from your documents.',
  },
  invalidDocId: {
    title: 'Page not found',
    text: 'This address does not point to a document.',
    hint: 'Check that the link was copied completely.',
  },
  docNotFound: {
    title: 'Document not found',
    text: 'There is no document at this address.',
    hint: 'It may have been deleted for good, or the link was copied wrongly. Ask whoever shared it.',
  },
  docDeleted: {
    title: 'Document in the trash',
    text: 'The document is in the trash.',
    hint: 'Someone with the editor link can restore it from the document list of the browser they opened it in.',
  },
  badToken: {
    title: 'This link does not work',
    text: 'The access key in this link is not valid for this document.',
    hint: 'It may be incomplete or copied wrongly. Ask whoever shared it for the full link.',
  },
  noToken: {
    title: 'This link is incomplete',
    text: 'This link is incomplete: it has no access token. Ask for the full link.',
    hint: 'A Tandem link ends with #token=… — without it nobody can open the document.',
  },
  readOnly: {
    title: 'View only',
    text: 'This link only allows viewing.',
    hint: 'Ask for the editor link to make changes.',
  },
  failed: {
    title: 'Something went wrong',
    text: 'The document could not be opened.',
    hint: 'Try again in a moment. If it keeps happening, tell whoever runs this server.',
  },
  cannotConnect: {
    title: 'Cannot connect',
    text: 'Cannot connect to the collaboration server.',
    hint: 'Nothing was changed. This browser has no copy of the document yet, so it can only be shown once the connection works.',
  },
};
