import { Extension } from '@tiptap/core';
import { store } from '../../lib/store';
import { focusContextToolbar } from '../../editor/core/toolbar/context-toolbar-focus';

/** Whether the shortcuts dialog is open, and whether the editor opened it (focus goes back there). */
export class HelpState {
  /** The flag itself, as the dialog's declared part (preload: open) reads it. */
  readonly open = store(false);
  fromEditor = false;
  /** The toolbar button that opened the dialog, if any: focus returns to it on close. */
  opener: HTMLElement | null = null;

  set(open: boolean, fromEditor = false, opener: HTMLElement | null = null): void {
    if (open) {
      this.fromEditor = fromEditor;
      this.opener = opener;
    }
    this.open.set(open);
  }
}

export interface HelpStorage {
  state: HelpState;
}

declare module '@tiptap/core' {
  interface Storage {
    help: HelpStorage;
  }
}

/** The toolbar's current roving button (its one tab stop), next to this editor. */
export function toolbarStop(editorDom: Element): HTMLElement | null {
  const scope = editorDom.closest('.editor-shell') ?? editorDom.ownerDocument;
  return scope.querySelector<HTMLElement>('[role="toolbar"] [tabindex="0"]');
}

/** Mod-/ opens the shortcuts dialog; Alt-F10 moves the focus to the toolbar. */
export const HelpExtension = Extension.create<Record<string, never>, HelpStorage>({
  name: 'help',

  addStorage() {
    return { state: new HelpState() };
  },

  addKeyboardShortcuts() {
    return {
      'Mod-/': () => {
        this.storage.state.set(true, true);
        return true;
      },
      'Alt-F10': () => {
        // The toolbar of the node the caret is in (a table's) comes first, as the image popup does.
        if (focusContextToolbar(this.editor)) return true;
        const stop = toolbarStop(this.editor.view.dom);
        if (!stop) return false;
        stop.focus();
        return true;
      },
    };
  },
});
