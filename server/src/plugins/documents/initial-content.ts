import * as Y from 'yjs';
import { YDocKeys } from '@shared/document/ydoc-keys';
import type { CollabHooks } from '../collab/types';

export const INIT_ORIGIN = 'tandem-server-init';

/**
 * Gives an empty document its first paragraph on the server. Otherwise every editor that opens it
 * creates one (duplicates), and a viewer's editor would try to, which the server refuses.
 */
export function initialContentHooks(): CollabHooks {
  return {
    onLoad(room) {
      const fragment = room.doc.getXmlFragment(YDocKeys.content);
      if (fragment.length > 0) return;
      room.doc.transact(() => fragment.insert(0, [new Y.XmlElement(YDocKeys.emptyBlock)]), INIT_ORIGIN);
    },
  };
}
