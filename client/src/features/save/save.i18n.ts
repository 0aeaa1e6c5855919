export const saveStrings = {
  save: 'Save',
  saving: 'Saving…',
  savedAt: 'Saved at {{time}}',
  retrying: 'Not saved (retrying)',
  offline: 'Offline: changes are kept on this device and saved when the connection is back',
  /** The baseline's save errors with their number: "Save error 1: Missing saveURL option." */
  error: 'Save error {{number}}: {{message}}',
} as const;
