import type { Editor } from '@tiptap/core';
import { ClipboardPaste, Copy, Scissors } from 'lucide-react';
import type { ContextMenuItem, ContextMenuNotice } from '../../editor/core/capability';

const hasSelection = (editor: Editor): boolean => !editor.state.selection.empty;

/** Google Docs' answer when the page may not read the clipboard: the keyboard shortcut, which always may. */
const pasteRefused: ContextMenuNotice = { messageKey: 'contextMenu.pasteRefused', shortcut: 'Mod-V' };

/**
 * Runs the browser's own cut or copy on the editor's selection: ProseMirror's clipboard handlers write it (the
 * same HTML and text as Ctrl+C) and, for cut, delete it. Allowed inside the click's user activation.
 */
function clipboardCommand(command: 'cut' | 'copy'): boolean {
  try {
    return document.execCommand(command);
  } catch {
    return false;
  }
}

/**
 * Paste from the menu: the clipboard's HTML (or its text) through the editor's paste pipeline, as Ctrl+V would.
 * The browser may refuse to read the clipboard (permission, another browser): then the notice names the shortcut.
 */
export async function pasteFromClipboard(
  editor: Editor,
  clipboard: Clipboard | undefined = typeof navigator === 'undefined' ? undefined : navigator.clipboard,
): Promise<ContextMenuNotice | null> {
  if (!clipboard) return pasteRefused;
  try {
    if (typeof clipboard.read === 'function') {
      const items = await clipboard.read();
      for (const type of ['text/html', 'text/plain']) {
        const item = items.find((i) => i.types.includes(type));
        if (!item) continue;
        const text = await (await item.getType(type)).text();
        if (editor.isDestroyed) return null;
        if (type === 'text/html') editor.view.pasteHTML(text);
        else editor.view.pasteText(text);
        return null;
      }
      return null;
    }
    const text = await clipboard.readText();
    if (!editor.isDestroyed) editor.view.pasteText(text);
    return null;
  } catch {
    return pasteRefused;
  }
}

/** Cut, Copy and Paste: the clipboard group of the context menu (viewers may copy). */
export const clipboardItems: ContextMenuItem[] = [
  {
    id: 'cut',
    labelKey: 'contextMenu.cut',
    icon: Scissors,
    group: 'clipboard',
    shortcut: 'Mod-X',
    order: 10,
    isVisible: (editor) => editor.isEditable,
    isEnabled: hasSelection,
    run: () => {
      clipboardCommand('cut');
    },
  },
  {
    id: 'copy',
    labelKey: 'contextMenu.copy',
    icon: Copy,
    group: 'clipboard',
    shortcut: 'Mod-C',
    order: 20,
    isEnabled: hasSelection,
    run: () => {
      clipboardCommand('copy');
    },
  },
  {
    id: 'paste',
    labelKey: 'contextMenu.paste',
    icon: ClipboardPaste,
    group: 'clipboard',
    shortcut: 'Mod-V',
    order: 30,
    isVisible: (editor) => editor.isEditable,
    run: (editor, notify) => {
      void pasteFromClipboard(editor).then((notice) => notice && notify(notice));
    },
  },
];
