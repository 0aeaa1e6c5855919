import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { FormNodeName, type FormControlAttrs } from '@shared/document/model/form-model';
import { createTestEditor } from '../../testing/test-editor';
import { insertFormControl, toggleFormControlStyle } from './form-commands';
import { forms } from './index';

function stylesOf(editor: Editor): string {
  let styles = '';
  editor.state.doc.descendants((node) => {
    if (node.type.name === FormNodeName) styles = (node.attrs as FormControlAttrs).styles;
  });
  return styles;
}

describe('form control styles', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('toggles each style from the control as it is when clicked, so quick clicks add up', () => {
    ({ editor } = createTestEditor(forms));
    editor.commands.setContent('<p>x</p>');
    expect(insertFormControl(editor, 'button')).toBe(true);
    // Two clicks before the popup draws again: each reads the control's classes in its own step.
    toggleFormControlStyle(editor, 'fr-large');
    toggleFormControlStyle(editor, 'fr-rounded');
    expect(stylesOf(editor)).toBe('fr-large fr-rounded');
    toggleFormControlStyle(editor, 'fr-large');
    expect(stylesOf(editor)).toBe('fr-rounded');
  });
});
