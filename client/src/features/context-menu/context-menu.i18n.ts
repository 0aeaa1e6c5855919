/** English strings of the context menu (small, so they come with the first load). */
export const contextMenuStrings = {
  label: 'Context menu',
  open: 'Open the context menu',
  cut: 'Cut',
  copy: 'Copy',
  paste: 'Paste',
  pasteRefused: 'Your browser does not let Tandem read the clipboard. Use {{keys}} to paste.',
  dismiss: 'Dismiss',
} as const;
