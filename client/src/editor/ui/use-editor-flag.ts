import type { Editor } from '@tiptap/core';
import { useEffect, useState } from 'react';

/** A flag read from the editor (`read`), re-read after every update of its state. `read` must be stable. */
export function useEditorFlag(editor: Editor, read: (editor: Editor) => boolean): boolean {
  const [flag, setFlag] = useState(() => read(editor));
  useEffect(() => {
    const check = (): void => setFlag(read(editor));
    editor.on('update', check);
    check();
    return () => {
      editor.off('update', check);
    };
  }, [editor, read]);
  return flag;
}

const isEditable = (editor: Editor): boolean => editor.isEditable;

/** Whether the editor takes input (viewers and a refused session do not), re-read when it changes. */
export function useEditable(editor: Editor): boolean {
  return useEditorFlag(editor, isEditable);
}
