/** The form's and popups' strings, registered when they load. */
export const embedCardPartStrings = {
  urlLabel: 'Web address',
  insertButton: 'Insert',
  loading: 'Reading the page…',
  hint: 'A video address becomes a video; a page without a preview stays a link.',
  popup: 'Card',
  remove: 'Remove',
  open: 'Open link',
  offer: 'Embed as card',
  offerLabel: 'Link pasted',
  dismiss: 'Keep link',
} as const;
