import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';

/**
 * What a keystroke-sized update writes, read straight from its bytes: the update guard's fast path for
 * the updates an editor sends most (one string typed next to text the document already holds, or only
 * deletions of what it holds). Anything else is `null`, and the guard decodes the update in full.
 */
export type TypingUpdate =
  /** Inserts `text` into a Y.XmlText; `block` is the element around that text (null: none). */
  | { kind: 'insert'; text: string; block: string | null }
  /** Deletes only clocks the document has. */
  | { kind: 'delete' };

/** The v1 info byte: origin / right origin present, content kind in the low five bits (4 = string). */
const HAS_ORIGIN = 0x80;
const HAS_RIGHT_ORIGIN = 0x40;
const CONTENT_REF = 0x1f;
const CONTENT_STRING = 4;

/** Reads `update` as a typing update against `doc`; null when it is anything else (or malformed). */
export function readTypingUpdate(doc: Y.Doc, update: Uint8Array): TypingUpdate | null {
  try {
    return read(doc, update);
  } catch {
    return null;
  }
}

function read(doc: Y.Doc, update: Uint8Array): TypingUpdate | null {
  const d = decoding.createDecoder(update);
  const clients = decoding.readVarUint(d);
  if (clients > 1) return null;
  let inserted: { client: number; end: number; text: string; block: string | null } | null = null;
  if (clients === 1) {
    if (decoding.readVarUint(d) !== 1) return null;
    const client = decoding.readVarUint(d);
    const clock = decoding.readVarUint(d);
    // Only the item right after what the document has: no gap (missing) and no overlap (a resend).
    if (clock !== Y.getState(doc.store, client)) return null;
    const info = decoding.readUint8(d);
    if ((info & CONTENT_REF) !== CONTENT_STRING || (info & (HAS_ORIGIN | HAS_RIGHT_ORIGIN)) === 0) return null;
    const origin = info & HAS_ORIGIN ? readKnownId(d, doc) : undefined;
    const rightOrigin = info & HAS_RIGHT_ORIGIN ? readKnownId(d, doc) : undefined;
    if (origin === null || rightOrigin === null) return null;
    const block = textBlockOf(doc, origin ?? rightOrigin);
    if (block === undefined) return null;
    const text = decoding.readVarString(d);
    inserted = { client, end: clock + text.length, text, block };
  }
  const deleteClients = decoding.readVarUint(d);
  for (let i = 0; i < deleteClients; i++) {
    const client = decoding.readVarUint(d);
    const known = Math.max(Y.getState(doc.store, client), inserted?.client === client ? inserted.end : 0);
    const ranges = decoding.readVarUint(d);
    for (let r = 0; r < ranges; r++) {
      const clock = decoding.readVarUint(d);
      if (clock + decoding.readVarUint(d) > known) return null;
    }
  }
  if (decoding.hasContent(d)) return null;
  return inserted ? { kind: 'insert', text: inserted.text, block: inserted.block } : { kind: 'delete' };
}

/** An ID the document holds; null when it does not. */
function readKnownId(d: decoding.Decoder, doc: Y.Doc): Y.ID | null {
  const id = Y.createID(decoding.readVarUint(d), decoding.readVarUint(d));
  return id.clock < Y.getState(doc.store, id.client) ? id : null;
}

/**
 * The element around the Y.XmlText that holds the item `id` (null when that text is not in an element),
 * or undefined when the item is not a plain child of a nested Y.XmlText.
 */
function textBlockOf(doc: Y.Doc, id: Y.ID | undefined): string | null | undefined {
  if (!id) return undefined;
  const item = Y.getItem(doc.store, id);
  if (!(item instanceof Y.Item) || item.parentSub !== null) return undefined;
  const text = item.parent;
  if (!(text instanceof Y.XmlText) || text._item === null) return undefined;
  const around = text._item.parent;
  return around instanceof Y.XmlElement && around._item !== null ? around.nodeName : null;
}
