import { Extension, type Editor } from '@tiptap/core';
import { canAt } from '../../editor/core/can-at';

/** List item node types that can be nested (task items only when that capability is present). */
function itemTypes(editor: Editor): string[] {
  return ['listItem', 'taskItem'].filter((name) => name in editor.schema.nodes);
}

function inListItem(editor: Editor): boolean {
  return itemTypes(editor).some((name) => editor.isActive(name));
}

/** Nests the selected list items one level deeper (under the previous item). */
export function canIndent(editor: Editor): boolean {
  return itemTypes(editor).some((name) => canAt(editor).sinkListItem(name));
}

export function canOutdent(editor: Editor): boolean {
  return itemTypes(editor).some((name) => canAt(editor).liftListItem(name));
}

export function indent(editor: Editor): boolean {
  return itemTypes(editor).some(
    (name) => editor.can().sinkListItem(name) && editor.chain().focus().sinkListItem(name).run(),
  );
}

export function outdent(editor: Editor): boolean {
  return itemTypes(editor).some(
    (name) => editor.can().liftListItem(name) && editor.chain().focus().liftListItem(name).run(),
  );
}

/**
 * Ctrl/Cmd+] and Ctrl/Cmd+[ indent and outdent list items. Tab and Shift+Tab already do so (list
 * item keymap); inside a list they are also swallowed when nothing can move, so the focus never
 * jumps out of the editor in the middle of a list. Low priority: tables and code blocks go first.
 */
export const ListIndent = Extension.create({
  name: 'listIndent',
  priority: 50,
  addKeyboardShortcuts() {
    return {
      'Mod-]': () => indent(this.editor),
      'Mod-[': () => outdent(this.editor),
      Tab: () => inListItem(this.editor) && (indent(this.editor) || true),
      'Shift-Tab': () => inListItem(this.editor) && (outdent(this.editor) || true),
    };
  },
});
