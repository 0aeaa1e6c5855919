export const paragraphFormatStrings = {
  label: 'Paragraph Format',
  paragraph: 'Normal',
  h1: 'Heading 1',
  h2: 'Heading 2',
  h3: 'Heading 3',
  h4: 'Heading 4',
  code: 'Code',
} as const;
