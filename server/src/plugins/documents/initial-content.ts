import * as Y from 'yjs';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import type { CollabHooks } from '../../domain/collab/collab-core';
import { firstParagraphUpdate } from '../../domain/documents/first-paragraph';

export const INIT_ORIGIN = 'tandem-server-init';

/**
 * Gives an empty document its first paragraph on the server. Otherwise every editor that opens it
 * creates one (duplicates), and a viewer's editor would try to, which the server refuses. The paragraph
 * is the same Yjs item in every instance (`firstParagraphUpdate`): two instances loading a new document
 * at once both store it, and it is still one paragraph.
 */
export function initialContentHooks(): CollabHooks {
  return {
    name: 'documents:initial-content',
    onLoad({ document: { doc } }) {
      const fragment = doc.getXmlFragment(YDocKeys.content);
      if (fragment.length > 0) return;
      Y.applyUpdate(doc, firstParagraphUpdate(), INIT_ORIGIN);
      // The document had that paragraph and lost it (its blocks were all removed): a new one.
      if (fragment.length > 0) return;
      doc.transact(() => fragment.insert(0, [new Y.XmlElement(YDocKeys.emptyBlock)]), INIT_ORIGIN);
    },
  };
}
