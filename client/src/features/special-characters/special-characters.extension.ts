import type { Editor } from '@tiptap/core';

/** Puts text at the caret (replacing a selection) as one transaction, so one undo step removes it. */
export function insertCharacter(editor: Editor, char: string): boolean {
  // insertText, not insertContent: a character like "<" must never be parsed as HTML.
  return editor
    .chain()
    .focus()
    .command(({ tr }) => {
      tr.insertText(char);
      return true;
    })
    .run();
}
