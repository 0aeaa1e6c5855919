export const orderedListStrings = {
  label: 'Ordered List',
  typeLabel: 'Ordered List Type',
  types: {
    default: 'Default',
    lowerAlpha: 'Lower Alpha',
    lowerGreek: 'Lower Greek',
    lowerRoman: 'Lower Roman',
    upperAlpha: 'Upper Alpha',
    upperRoman: 'Upper Roman',
    decimal: 'Decimal',
  },
  start: 'Start number',
  startApply: 'Set',
  startInvalid: 'Enter a whole number of 0 or more.',
} as const;
