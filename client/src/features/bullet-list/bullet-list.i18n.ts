export const bulletListStrings = {
  label: 'Unordered List',
  typeLabel: 'Unordered List Type',
  types: {
    default: 'Default',
    circle: 'Circle',
    disc: 'Disc',
    square: 'Square',
  },
} as const;
