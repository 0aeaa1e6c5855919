import { useEffect, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { suggestionsIn, type SuggestionEntry } from './suggestion-actions';

/** The list follows the text this long after the last change (a walk of the document, so not per keystroke). */
const PAUSE_MS = 250;

/** The document's suggestions in order, read when the panel opens and after each pause in editing. */
export function useSuggestionList(editor: Editor): SuggestionEntry[] {
  const [first] = useState(() => ({ doc: editor.state.doc, list: suggestionsIn(editor.state.doc) }));
  const [list, setList] = useState(first.list);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let seen = first.doc;
    const read = (): void => {
      timer = null;
      if (editor.isDestroyed || editor.state.doc === seen) return;
      seen = editor.state.doc;
      setList(suggestionsIn(seen));
    };
    const changed = (): void => {
      if (timer === null) timer = setTimeout(read, PAUSE_MS);
    };
    editor.on('transaction', changed);
    // A change between the first read and this subscription is read too.
    if (editor.state.doc !== seen) changed();
    return () => {
      editor.off('transaction', changed);
      if (timer !== null) clearTimeout(timer);
    };
  }, [editor, first]);
  return list;
}

// Editors only accept and reject: the kernel's editable flag.
export { useEditable } from '../../editor/ui/use-editor-flag';
