import type { Editor } from '@tiptap/core';

const BLOCKS = new Set(['paragraph', 'heading']);
/** Room for the draggable capability's handle between the button and the text (px). */
export const DRAG_HANDLE_SPACE = 30;

/** Start position of the empty paragraph or heading holding a collapsed caret, or null. */
export function emptyBlockAt(editor: Editor): number | null {
  if (!editor.isEditable || !editor.isFocused) return null;
  const { selection } = editor.state;
  if (!selection.empty) return null;
  const { $from } = selection;
  if (!BLOCKS.has($from.parent.type.name) || $from.parent.content.size > 0) return null;
  return $from.before();
}
