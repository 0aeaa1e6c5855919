import type { Editor } from '@tiptap/core';
import { insertTextAtCaret } from '../../editor/core/insert-text';

/** Puts the character at the caret (replacing a selection) as one undo step. */
export function insertCharacter(editor: Editor, char: string): boolean {
  return insertTextAtCaret(editor, char);
}
