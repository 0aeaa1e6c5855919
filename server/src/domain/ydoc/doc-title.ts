import type * as Y from 'yjs';
import { readTitle } from '@shared/document/yjs/ydoc-title';

// Apart from read-document.ts, which needs Tiptap and y-tiptap: the export route reads the title at start
// of every binary export without them (issue 29).

/** The title the editor shows: the shared `meta.title`, trimmed ('' when none). */
export function titleOf(doc: Y.Doc): string {
  return readTitle(doc).trim();
}
