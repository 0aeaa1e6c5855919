export const quickInsertStrings = {
  button: 'Quick Insert',
  menu: 'Insert',
  filter: 'Filter',
  placeholder: 'Type to filter',
  noResults: 'No results',
  slash: 'Open the insert menu (at the start of a line)',
} as const;
