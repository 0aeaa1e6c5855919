import { Superscript } from 'lucide-react';
import type { Editor } from '@tiptap/core';
import { SuperscriptModel } from '@shared/document/model/format-marks';
import { canAt } from '../../editor/core/can-at';
import type { Capability } from '../../editor/core/capability';
import { superscriptStrings } from './superscript.i18n';

/** Subscript text becomes superscript (the schema lets only one of them stay on a text). */
const toggleSuperscript = (editor: Editor, focus: boolean): boolean =>
  (focus ? editor.chain().focus() : editor.chain()).unsetMark('subscript').toggleSuperscript().run();

/** Superscript text (`<sup>`); it and subscript exclude each other. */
export const superscript: Capability = {
  name: 'superscript',
  extensions: [
    SuperscriptModel.extend({
      addKeyboardShortcuts() {
        return { 'Mod-.': () => toggleSuperscript(this.editor, false) };
      },
    }),
  ],
  i18n: superscriptStrings,
  toolbar: [
    {
      id: 'superscript',
      labelKey: 'superscript.label',
      icon: Superscript,
      group: 'text',
      shortcut: 'Mod-.',
      priority: 30,
      isActive: (editor) => editor.isActive('superscript'),
      // Subscript text is switched over, although the schema alone would refuse superscript on it.
      isEnabled: (editor) => editor.isActive('subscript') || canAt(editor).toggleSuperscript(),
      run: (editor) => toggleSuperscript(editor, true),
    },
  ],
};
