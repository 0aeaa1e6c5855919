export const emoticonsStrings = {
  label: 'Emoticons',
  search: 'Search Emoticons',
  loading: 'Loading emoticons…',
  failed: 'The emoticons could not be loaded. Please try again.',
  noResults: 'No emoticons found.',
  results: 'Search results',
  categories: {
    smileysPeople: 'Smileys & People',
    animalsNature: 'Animals & Nature',
    foodDrink: 'Food & Drink',
    activities: 'Activities',
    travelPlaces: 'Travel & Places',
    objects: 'Objects',
    symbols: 'Symbols',
    flags: 'Flags',
  },
} as const;
