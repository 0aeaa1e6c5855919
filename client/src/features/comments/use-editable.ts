import type { Editor } from '@tiptap/core';
import { useEffect, useState } from 'react';

/** Whether the editor takes input (viewers and a refused session do not), re-read when it changes. */
export function useEditable(editor: Editor): boolean {
  const [editable, setEditable] = useState(editor.isEditable);
  useEffect(() => {
    const check = (): void => setEditable(editor.isEditable);
    editor.on('update', check);
    check();
    return () => {
      editor.off('update', check);
    };
  }, [editor]);
  return editable;
}
