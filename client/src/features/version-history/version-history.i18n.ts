/** The first load's strings; the panel's own come with its chunk (version-history.strings.ts). */
export const versionHistoryStrings = {
  label: 'Version History',
} as const;
