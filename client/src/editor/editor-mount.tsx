import type { Editor } from '@tiptap/core';
import { useLayoutEffect, useRef } from 'react';

/**
 * Puts the editor's DOM into the page, before the first paint. Replaces @tiptap/react's EditorContent,
 * which exists for React node views (portals) that Tandem does not use (its node views are plain DOM)
 * and brought its store and portal code into the first load.
 */
export function EditorMount({ editor }: { editor: Editor }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const host = ref.current;
    if (!host || editor.isDestroyed) return undefined;
    const { dom } = editor.view;
    host.append(dom);
    editor.setOptions({ element: host });
    return () => {
      if (editor.isDestroyed) return;
      // Parked off the page; StrictMode's development remount puts it back.
      const parking = document.createElement('div');
      parking.append(dom);
      editor.setOptions({ element: parking });
    };
  }, [editor]);
  return <div ref={ref} />;
}
