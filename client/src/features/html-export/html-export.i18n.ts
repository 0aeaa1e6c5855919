// No strings of its own: the download is an entry of the "Download and print" menu (features/export).
export const htmlExportStrings = {} as const;
