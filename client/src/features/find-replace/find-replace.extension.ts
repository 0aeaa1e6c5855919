import { Extension, type Editor } from '@tiptap/core';
import { store } from '../../lib/store';

/** One request to open the bar (Mod-F again while it is open is a new one: the field takes the focus). */
export interface OpenRequest {
  n: number;
  /** The selected text, searched for instead of the last search; null without a (one-line) selection. */
  seed: string | null;
  /** Where the search starts (the caret). */
  from: number;
}

/** The find bar of one editor: open or not, replace row shown, and the last opening request. */
export class FindBarState {
  readonly open = store(false);
  readonly replace = store(false);
  readonly request = store<OpenRequest>({ n: 0, seed: null, from: 0 });

  show(editor: Editor, replace: boolean): void {
    const { from, to, empty } = editor.state.selection;
    const text = empty ? '' : editor.state.doc.textBetween(from, to, '\n');
    const seed = text && text.length <= 200 && !text.includes('\n') ? text : null;
    // Viewers may find but not replace; Mod-F on an open bar keeps its replace row.
    const withReplace = replace && editor.isEditable;
    if (withReplace || !this.open.get()) this.replace.set(withReplace);
    this.request.set({ n: this.request.get().n + 1, seed, from });
    this.open.set(true);
  }
}

export interface FindReplaceStorage {
  state: FindBarState;
}

declare module '@tiptap/core' {
  interface Storage {
    findReplace: FindReplaceStorage;
  }
}

const isApple = (): boolean => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Ctrl/⌘+F (find) or Ctrl/⌘+H (find and replace) in a key event, else null. */
export function findKeyOf(
  e: KeyboardEvent | { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean },
): 'find' | 'replace' | null {
  const mod = isApple() ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  if (!mod || e.altKey || e.shiftKey) return null;
  const key = e.key.toLowerCase();
  return key === 'f' ? 'find' : key === 'h' ? 'replace' : null;
}

/**
 * Mod-F and Mod-H open the find bar (its code and the search load then). A viewer's editor cannot take
 * the focus, so there the keys are taken on the page instead, unless another field has the focus.
 */
export const FindReplaceExtension = Extension.create<Record<string, never>, FindReplaceStorage>({
  name: 'findReplace',

  addStorage() {
    return { state: new FindBarState() };
  },

  addKeyboardShortcuts() {
    return {
      'Mod-f': () => {
        this.storage.state.show(this.editor, false);
        return true;
      },
      'Mod-h': () => {
        this.storage.state.show(this.editor, true);
        return true;
      },
    };
  },

  onCreate() {
    const page = this.editor.view.dom.ownerDocument;
    const onKey = (e: KeyboardEvent): void => {
      if (this.editor.isEditable || e.defaultPrevented) return;
      const kind = findKeyOf(e);
      const target = e.target instanceof Element ? e.target : null;
      if (!kind || target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      e.preventDefault();
      this.storage.state.show(this.editor, false);
    };
    page.addEventListener('keydown', onKey);
    this.editor.on('destroy', () => page.removeEventListener('keydown', onKey));
  },
});
