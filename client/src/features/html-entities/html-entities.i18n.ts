export const htmlEntitiesStrings = {
  download: 'Download HTML',
} as const;
