import type { Editor } from '@tiptap/core';
import type * as Y from 'yjs';

declare global {
  interface Window {
    /** Exposed by the client's editor page (client/src/document-page/editor-page.tsx). */
    __tandem?: { ydoc: Y.Doc; editor: Editor; exportHtml?: () => Promise<string>; crashEditor?: () => void };
  }
}
