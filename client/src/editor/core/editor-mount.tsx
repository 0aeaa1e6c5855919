import type { Editor } from '@tiptap/core';
import { useLayoutEffect, useRef } from 'react';

/**
 * Puts the editor's DOM into the page, before the first paint, as it is: no node views asked for again,
 * no view update. Replaces @tiptap/react's EditorContent, which exists for React node views (portals)
 * that Tandem does not use (its node views are plain DOM) and brought its store and portal code into
 * the first load. The shell owns the editor; when it leaves, the DOM leaves with it.
 */
export function EditorMount({ editor }: { editor: Editor }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current && !editor.isDestroyed) ref.current.append(editor.view.dom);
  }, [editor]);
  return <div ref={ref} />;
}
