import * as Y from 'yjs';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';

/**
 * The client id the server writes a new document's first paragraph as (no editor gets it: Yjs draws
 * client ids at random from 2^32, and this one writes nothing else).
 */
export const FIRST_PARAGRAPH_CLIENT = 0x54616e64;

let firstParagraph: Uint8Array | undefined;

/**
 * The first paragraph of an empty document as one Yjs update, the same bytes in every process: the same
 * item (same client id, clock 0) at the same place. Two instances that load a new document at the same
 * moment both give it this update, and Yjs keeps one paragraph (the second copy is an item it already has).
 */
export function firstParagraphUpdate(): Uint8Array {
  if (firstParagraph) return firstParagraph;
  const doc = new Y.Doc();
  doc.clientID = FIRST_PARAGRAPH_CLIENT;
  doc.getXmlFragment(YDocKeys.content).insert(0, [new Y.XmlElement(YDocKeys.emptyBlock)]);
  firstParagraph = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return firstParagraph;
}

/** Whether an update holds nothing but the first paragraph (it deletes nothing and adds nothing else). */
export function isFirstParagraphOnly(update: Uint8Array): boolean {
  const { structs, ds } = Y.decodeUpdate(update);
  return ds.clients.size === 0 && structs.length > 0 && structs.every((s) => s.id.client === FIRST_PARAGRAPH_CLIENT);
}
