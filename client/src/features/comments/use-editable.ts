import type { Editor } from '@tiptap/core';
import { CommentMarkName } from '@shared/document/model/comment-model';
import { mayChangeMark } from '../../editor/core/read-only-guard';
import { useEditorFlag } from '../../editor/ui/use-editor-flag';

export { useEditable } from '../../editor/ui/use-editor-flag';

/** Whether this editor may set comment anchors: an editor's (editable) or a commenter's (read-only text). */
export const mayComment = (editor: Editor): boolean => mayChangeMark(editor, CommentMarkName);

/** Whether comments can be written here (editors and commenters), re-read when it changes. */
export function useCanComment(editor: Editor): boolean {
  return useEditorFlag(editor, mayComment);
}
