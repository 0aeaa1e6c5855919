import * as Y from 'yjs';

/**
 * Where an item of an update lives and what it writes, as the update guard checks them: shared by its full
 * decode (update-guard.ts) and its fast path (typing-update.ts), so that both check the same things the same way.
 */

/** Where an item lives: the type that holds it. */
export type Place =
  | { kind: 'root'; name: string }
  | { kind: 'element'; name: string }
  /** Inside a Y.XmlText; `block` is the element around the text (null at a root). */
  | { kind: 'text'; block: string | null }
  /** A type the model never uses (Y.Map, Y.Array, Y.Text, hooks, nested fragments). */
  | { kind: 'foreign' }
  /** The parent is garbage-collected or deleted: Yjs discards the item while integrating it. */
  | { kind: 'gone' };

export const GONE: Place = { kind: 'gone' };
const FOREIGN: Place = { kind: 'foreign' };

/** What an item writes (its content, as far as the model's checks tell kinds apart). */
export type Written =
  | { kind: 'string'; str: string }
  | { kind: 'format'; key: string; value: unknown }
  /** A new Y.XmlElement. */
  | { kind: 'element'; nodeName: string }
  /** A new Y.XmlText. */
  | { kind: 'text' }
  /** Plain values (an attribute's or a map entry's). */
  | { kind: 'any'; content: Y.ContentAny }
  /** Anything else: embeds, binary, JSON, subdocuments, other types. */
  | { kind: 'other' };

/** The place of the children of a type (what an item whose parent is this type lives in). */
export function placeOfType(type: object, lookupParent: () => Place): Place {
  if (type instanceof Y.XmlElement) return { kind: 'element', name: type.nodeName };
  if (type instanceof Y.XmlText) {
    const around = lookupParent();
    return { kind: 'text', block: around.kind === 'element' ? around.name : null };
  }
  return FOREIGN;
}

/** The place of an item already integrated into the document. */
export function placeOfIntegrated(item: Y.Item): Place {
  const parent = item.parent;
  if (!(parent instanceof Y.AbstractType)) return GONE;
  const parentItem = parent._item;
  if (parentItem === null) return { kind: 'root', name: Y.findRootTypeKey(parent) };
  return placeOfType(parent, () => placeOfIntegrated(parentItem));
}
