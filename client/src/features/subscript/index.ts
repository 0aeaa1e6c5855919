import { Subscript } from 'lucide-react';
import type { Editor } from '@tiptap/core';
import { SubscriptModel } from '@shared/document/model/format-marks';
import { canAt } from '../../editor/core/can-at';
import type { Capability } from '../../editor/core/capability';
import { subscriptStrings } from './subscript.i18n';

/** Superscript text becomes subscript (the schema lets only one of them stay on a text). */
const toggleSubscript = (editor: Editor, focus: boolean): boolean =>
  (focus ? editor.chain().focus() : editor.chain()).unsetMark('superscript').toggleSubscript().run();

/** Subscript text (`<sub>`); it and superscript exclude each other. */
export const subscript: Capability = {
  name: 'subscript',
  extensions: [
    SubscriptModel.extend({
      addKeyboardShortcuts() {
        return { 'Mod-,': () => toggleSubscript(this.editor, false) };
      },
    }),
  ],
  i18n: subscriptStrings,
  toolbar: [
    {
      id: 'subscript',
      labelKey: 'subscript.label',
      icon: Subscript,
      group: 'text',
      shortcut: 'Mod-,',
      priority: 30,
      isActive: (editor) => editor.isActive('subscript'),
      // Superscript text is switched over, although the schema alone would refuse subscript on it.
      isEnabled: (editor) => editor.isActive('superscript') || canAt(editor).toggleSubscript(),
      run: (editor) => toggleSubscript(editor, true),
    },
  ],
};
