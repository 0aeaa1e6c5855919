import type { Editor } from '@tiptap/core';
import { useEffect, useState } from 'react';
import { CommentMarkName } from '@shared/document/model/comment-model';
import { mayChangeMark } from '../../editor/core/read-only-guard';

/** Whether this editor may set comment anchors: an editor's (editable) or a commenter's (read-only text). */
export const mayComment = (editor: Editor): boolean => mayChangeMark(editor, CommentMarkName);

/** Whether the editor takes input (viewers and a refused session do not), re-read when it changes. */
export function useEditable(editor: Editor): boolean {
  return useEditorFlag(editor, isEditable);
}

const isEditable = (editor: Editor): boolean => editor.isEditable;

/** Whether comments can be written here (editors and commenters), re-read when it changes. */
export function useCanComment(editor: Editor): boolean {
  return useEditorFlag(editor, mayComment);
}

function useEditorFlag(editor: Editor, read: (editor: Editor) => boolean): boolean {
  const [editable, setEditable] = useState(() => read(editor));
  useEffect(() => {
    const check = (): void => setEditable(read(editor));
    editor.on('update', check);
    check();
    return () => {
      editor.off('update', check);
    };
  }, [editor, read]);
  return editable;
}
