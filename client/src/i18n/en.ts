/** English strings of the app shell (capabilities bring their own). */
export const appStrings = {
  app: {
    name: 'Tandem',
    language: 'Language',
    home: 'All documents',
    loading: 'Loading…',
    loadFailed: 'This part of the editor could not be loaded. Check the connection and try again.',
    dismiss: 'Dismiss',
  },
  errorPage: {
    home: 'Go to your documents',
    retry: 'Retry',
    retrying: 'Connecting…',
  },
  // The share dialog's own strings come with its code (share-dialog-content.tsx).
  share: { button: 'Share' },
  presence: {
    guest: 'Guest {{number}}',
    viewer: '{{name}} (viewer)',
    more: '{{count}} more: {{names}}',
    tabs: '{{name}}, in {{count}} tabs',
  },
  editor: {
    titlePlaceholder: 'Untitled',
    titleLabel: 'Document title',
    titleUpdate: 'Update',
    toolbar: 'Formatting',
    content: 'Document content',
    status: 'Document statistics',
    viewOnly: 'View only',
    canComment: 'Can comment',
    yourName: 'Your name',
    present: 'People in this document',
    you: '{{name}} (you)',
    noToken: 'This link is incomplete: it has no access token. Ask for the full link.',
    groups: {
      text: 'Text',
      document: 'Document',
      paragraph: 'Paragraph',
      insert: 'Insert',
      misc: 'Tools',
    },
    more: {
      text: 'More Text',
      document: 'More Document',
      paragraph: 'More Paragraph',
      insert: 'More Insert',
      misc: 'More Tools',
    },
    selectionToolbar: 'Selection formatting',
    failed: {
      message: 'This document could not be shown.',
      reload: 'Reload',
    },
  },
  connection: {
    stopped: 'Disconnected',
    connecting: 'Connecting…',
    connected: 'Connected',
    reconnecting: 'Reconnecting…',
    offline: 'Offline',
    // No count: the provider counts updates (about one per keystroke), not what an author calls a change.
    unsynced: 'changes kept on this device',
  },
  // The other codes' messages come with the error catalogue (lib/error-catalogue.ts) when first needed.
  errors: { NETWORK: 'The server cannot be reached. Check your connection.' },
} as const;
