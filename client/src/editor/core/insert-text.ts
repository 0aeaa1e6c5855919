import type { Editor } from '@tiptap/core';

/**
 * Puts plain text at the caret (replacing a selection) as one transaction, so one undo step removes
 * it. insertText, not insertContent: a character like "<" must never be parsed as HTML.
 */
export function insertTextAtCaret(editor: Editor, text: string): boolean {
  return editor
    .chain()
    .focus()
    .command(({ tr }) => {
      tr.insertText(text);
      return true;
    })
    .run();
}
