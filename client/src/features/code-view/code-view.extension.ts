import { Extension } from '@tiptap/core';
import { CodeViewController } from './code-view-controller';

export interface CodeViewStorage {
  controller: CodeViewController;
}

declare module '@tiptap/core' {
  interface Storage {
    codeView: CodeViewStorage;
  }
}

/** Mod-Alt-H opens the code view (inside it, the same keys leave it). */
export const CodeViewExtension = Extension.create<{ docId: string | null }, CodeViewStorage>({
  name: 'codeView',

  addOptions() {
    return { docId: null };
  },

  addStorage() {
    return { controller: new CodeViewController() };
  },

  onCreate() {
    this.storage.controller.bind(this.editor, this.options.docId);
  },

  addKeyboardShortcuts() {
    return {
      'Mod-Alt-h': () => {
        this.storage.controller.open();
        return true;
      },
    };
  },
});
