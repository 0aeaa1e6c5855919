import type { Editor } from '@tiptap/core';
import { useEffect, useMemo, useState } from 'react';
import { commentMarkType } from '@shared/document/model/comment-model';
import { useStore } from '../../lib/store';
import { anchorsOf, inDocumentOrder, type AnchorRange } from './comment-anchors';
import { commentsOf } from './comments-extension';

/** After a change to the text, the panel's order and orphans are worked out again this much later (ms). */
const ANCHORS_DEBOUNCE_MS = 400;

/** The anchors of the document, found when the panel mounts, when threads change and after a pause in editing. */
function useAnchors(editor: Editor, threads: unknown): ReadonlyMap<string, AnchorRange> {
  // Counts the pauses after changes to the text; each one finds the anchors again.
  const [pauses, setPauses] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = ({ transaction }: { transaction: { docChanged: boolean } }): void => {
      if (!transaction.docChanged) return;
      clearTimeout(timer);
      timer = setTimeout(() => setPauses((n) => n + 1), ANCHORS_DEBOUNCE_MS);
    };
    editor.on('update', changed);
    return () => {
      clearTimeout(timer);
      editor.off('update', changed);
    };
  }, [editor]);
  // A thread that arrives (or is opened here) finds its anchor at once, not only after the next pause.
  return useMemo(
    () => anchorsOf(editor.state.doc, commentMarkType(editor.schema)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- threads and pauses say when the document is read again
    [editor, threads, pauses],
  );
}

/** The panel's data: the threads in document order (orphans apart), the filter, the focus and the composer. */
export function useComments(editor: Editor) {
  const comments = commentsOf(editor);
  const threads = useStore(comments.data.threads);
  const status = useStore(comments.data.status);
  const showResolved = useStore(comments.showResolved);
  const focused = useStore(comments.focused);
  const composing = useStore(comments.composing);
  const anchors = useAnchors(editor, threads);
  const ordered = useMemo(() => {
    const all = [...threads.values()];
    const shown = showResolved ? all : all.filter((t) => !t.resolved);
    return { ...inDocumentOrder(shown, anchors), resolvedCount: all.filter((t) => t.resolved).length };
  }, [threads, anchors, showResolved]);
  return { ...ordered, status, showResolved, focused, composing, comments };
}
