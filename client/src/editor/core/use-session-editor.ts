import { Editor, type EditorOptions } from '@tiptap/core';
import { useEffect, useRef, useState } from 'react';

/**
 * The editor of one mounted editor shell (the shell is keyed by session and role, so it never changes
 * session while mounted). Replaces @tiptap/react's `useEditor`, whose per-transaction state store (and
 * fast-equals) sat in the first load although this editor never re-renders on transactions. Built in
 * the first render so the text is in the first commit; destroyed a tick after the shell leaves, so
 * StrictMode's development remount keeps it.
 */
export function useSessionEditor(build: () => Partial<EditorOptions>): Editor {
  const [editor] = useState(() => new Editor(build()));
  const pendingDestroy = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    clearTimeout(pendingDestroy.current);
    return () => {
      pendingDestroy.current = setTimeout(() => editor.destroy());
    };
  }, [editor]);
  return editor;
}
