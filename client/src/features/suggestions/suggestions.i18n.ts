/** The first load's strings (toolbar, shortcut, hover titles); the panel's and the bubble's come with their chunks. */
export const suggestionsStrings = {
  mode: 'Suggesting',
  modeOn: 'Suggesting: your changes become suggestions',
  modeOff: 'Editing: your changes apply directly',
  toggle: 'Suggest changes',
  label: 'Suggestions',
  insertedBy: 'Inserted by {{name}}',
  deletedBy: 'Deleted by {{name}}',
  someone: 'Someone',
  acceptOne: 'Accept suggestion',
  rejectOne: 'Reject suggestion',
} as const;
