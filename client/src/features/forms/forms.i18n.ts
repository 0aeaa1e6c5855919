/** The first load's strings (toolbar menu, quick insert, new controls); the popup brings its own (forms.strings.ts). */
export const formsStrings = {
  label: 'Form Controls',
  quickInsert: 'Form control',
  edit: 'Edit Form Control',
  kinds: {
    text: 'Text Field',
    textarea: 'Text Area',
    select: 'Drop-down List',
    checkbox: 'Checkbox',
    radio: 'Radio Buttons',
    button: 'Button',
  },
  newLabel: 'Label',
  newButton: 'Submit',
  newOption: 'Option {{n}}',
} as const;
