import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { GONE, placeOfIntegrated, placeOfType, type Place, type Written } from './guard-places';

/**
 * What an update an editor sends most writes, read straight from its v1 bytes: the update guard's fast path
 * (issue 29). It reads the updates of one client whose items all follow what the document holds of that
 * client: typing (one string next to known text), a paste into a paragraph (several strings and formats), the
 * formatting of a range (pairs of format items, the old ones deleted), a paste of paragraphs (new elements at
 * the root or in a known element, each with a new Y.XmlText holding strings and formats, attributes as plain
 * values), and updates that only delete what the document holds. Each item's place is resolved as the full
 * decode resolves it, and the guard checks each write with the same rules (checkWrite).
 *
 * Anything it cannot be sure of is `null`, and the guard decodes the update in full: several clients, a gap
 * or a resend, garbage-collected or skipped structs, deleted content, embeds, binary and JSON content, types
 * other than Y.XmlElement and Y.XmlText, a reference to anything the document lacks (or to a later item),
 * a reference to a garbage-collected item, an origin and a right origin in different types, zero-length
 * items, a deletion of clocks nobody has, malformed or trailing bytes.
 */
export interface TypingUpdate {
  /** The update's items in clock order (none when it only deletes): where each lives and what it writes. */
  writes: FastWrite[];
}

export interface FastWrite {
  place: Place;
  /** The attribute or map key the item is stored under (null for a child). */
  parentSub: string | null;
  written: Written;
}

/** The v1 info byte: origin / right origin / parentSub present, content kind in the low five bits. */
const HAS_ORIGIN = 0x80;
const HAS_RIGHT_ORIGIN = 0x40;
const HAS_PARENT_SUB = 0x20;
const CONTENT_REF = 0x1f;
const CONTENT_STRING = 4;
const CONTENT_FORMAT = 6;
const CONTENT_TYPE = 7;
const CONTENT_ANY = 8;
/** Yjs's type refs of ContentType. */
const TYPE_XML_ELEMENT = 3;
const TYPE_XML_TEXT = 6;

/** An item as read from the bytes. */
interface ReadItem {
  clock: number;
  origin: Y.ID | null;
  rightOrigin: Y.ID | null;
  /** Only for an item without origins: the root's name or the ID of the item whose type holds it. */
  parent: string | Y.ID | null;
  parentSub: string | null;
  written: Written;
}

/** Where an item lives, and the type holding it (to tell whether an origin and a right origin agree). */
interface Located {
  place: Place;
  parentSub: string | null;
  /** A type of the document, a root's name the document lacks, or the item of the update creating the type. */
  holder: unknown;
}

/** Reads `update` as one of the shapes above against `doc`; null when it is anything else (or malformed). */
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
  const items: ReadItem[] = [];
  let client = -1;
  let end = 0;
  if (clients === 1) {
    const count = decoding.readVarUint(d);
    client = decoding.readVarUint(d);
    let clock = decoding.readVarUint(d);
    // Only items right after what the document has: no gap (missing) and no overlap (a resend).
    if (count === 0 || clock !== Y.getState(doc.store, client)) return null;
    for (let i = 0; i < count; i++) {
      const item = readItem(d, clock);
      if (!item) return null;
      items.push(item);
      clock += lengthOf(item.written);
    }
    end = clock;
  }
  const deleteClients = decoding.readVarUint(d);
  for (let i = 0; i < deleteClients; i++) {
    const owner = decoding.readVarUint(d);
    const known = Math.max(Y.getState(doc.store, owner), owner === client ? end : 0);
    const ranges = decoding.readVarUint(d);
    for (let r = 0; r < ranges; r++) {
      const clock = decoding.readVarUint(d);
      if (clock + decoding.readVarUint(d) > known) return null;
    }
  }
  if (decoding.hasContent(d)) return null;
  const located = new Locator(doc, client, items);
  const writes: FastWrite[] = [];
  for (const item of items) {
    const at = located.add(item);
    if (!at) return null;
    writes.push({ place: at.place, parentSub: at.parentSub, written: item.written });
  }
  return { writes };
}

/** One item in v1 (as Yjs's reader reads it); null for the structs and contents the fast path leaves. */
function readItem(d: decoding.Decoder, clock: number): ReadItem | null {
  const info = decoding.readUint8(d);
  const ref = info & CONTENT_REF;
  // GC (0), deleted content (1), JSON (2), binary (3), embeds (5), subdocuments (9), skips (10).
  if (ref !== CONTENT_STRING && ref !== CONTENT_FORMAT && ref !== CONTENT_TYPE && ref !== CONTENT_ANY) return null;
  const origin = info & HAS_ORIGIN ? readId(d) : null;
  const rightOrigin = info & HAS_RIGHT_ORIGIN ? readId(d) : null;
  let parent: string | Y.ID | null = null;
  let parentSub: string | null = null;
  if (origin === null && rightOrigin === null) {
    parent = decoding.readVarUint(d) === 1 ? decoding.readVarString(d) : readId(d);
    if (info & HAS_PARENT_SUB) parentSub = decoding.readVarString(d);
  } else if (info & HAS_PARENT_SUB) {
    // Yjs ignores the flag next to an origin (the key comes from the origin); no writer sets it there.
    return null;
  }
  const written = readContent(d, ref);
  if (!written || lengthOf(written) === 0) return null;
  return { clock, origin, rightOrigin, parent, parentSub, written };
}

function readContent(d: decoding.Decoder, ref: number): Written | null {
  switch (ref) {
    case CONTENT_STRING:
      return { kind: 'string', str: decoding.readVarString(d) };
    case CONTENT_FORMAT: {
      const key = decoding.readVarString(d);
      const value: unknown = JSON.parse(decoding.readVarString(d));
      return { kind: 'format', key, value };
    }
    case CONTENT_TYPE: {
      const type = decoding.readVarUint(d);
      if (type === TYPE_XML_ELEMENT) return { kind: 'element', nodeName: decoding.readVarString(d) };
      return type === TYPE_XML_TEXT ? { kind: 'text' } : null;
    }
    default: {
      const values: unknown[] = [];
      for (let n = decoding.readVarUint(d); n > 0; n--) values.push(decoding.readAny(d));
      return { kind: 'any', content: new Y.ContentAny(values) };
    }
  }
}

/** The clocks an item takes, as Yjs counts them. */
function lengthOf(written: Written): number {
  if (written.kind === 'string') return written.str.length;
  return written.kind === 'any' ? written.content.arr.length : 1;
}

function readId(d: decoding.Decoder): Y.ID {
  return Y.createID(decoding.readVarUint(d), decoding.readVarUint(d));
}

/**
 * Resolves where the update's items live, in clock order, as Yjs integrates them and the full decode
 * resolves them: through the origin (else the right origin), or the parent named by an item without them.
 */
class Locator {
  /** The first clock of the update (what the document holds of its client). */
  private readonly start: number;
  private readonly located: Located[] = [];

  constructor(
    private readonly doc: Y.Doc,
    private readonly client: number,
    private readonly items: readonly ReadItem[],
  ) {
    this.start = items[0]?.clock ?? 0;
  }

  /** Locates the next item; null when the fast path cannot be sure where it goes. */
  add(item: ReadItem): Located | null {
    const at = this.locate(item);
    if (!at || at.place.kind === 'gone') return null;
    this.located.push(at);
    return at;
  }

  private locate(item: ReadItem): Located | null {
    if (item.origin === null && item.rightOrigin === null) return this.inParent(item);
    if (!item.origin) return item.rightOrigin ? this.ofId(item.rightOrigin, item.clock) : null;
    const left = this.ofId(item.origin, item.clock);
    if (!left || !item.rightOrigin) return left;
    // Yjs takes the parent (and key) from the origin: a right origin elsewhere is no editor's. (Its place is
    // not needed, only its type and key.)
    const right = this.ofId(item.rightOrigin, item.clock, false);
    return right && right.holder === left.holder && right.parentSub === left.parentSub ? left : null;
  }

  /**
   * Where the item with `id` lives, for a reference from the item at `from`; null when unknown or later.
   * Without `withPlace`, an item of the document is only looked up (its place then stands as gone).
   */
  private ofId(id: Y.ID, from: number, withPlace = true): Located | null {
    if (id.client === this.client && id.clock >= this.start) {
      return id.clock < from ? (this.located[this.indexOf(id.clock)] ?? null) : null;
    }
    if (id.clock >= Y.getState(this.doc.store, id.client)) return null;
    const struct = Y.getItem(this.doc.store, id) as Y.Item | Y.GC;
    if (!(struct instanceof Y.Item)) return null;
    const place = withPlace ? placeOfIntegrated(struct) : GONE;
    return { place, parentSub: struct.parentSub, holder: struct.parent };
  }

  /** An item without origins: the first child (or key) of a root or of a type an item creates. */
  private inParent(item: ReadItem): Located | null {
    const parent = item.parent;
    if (typeof parent === 'string') {
      const holder = this.doc.share.get(parent) ?? parent;
      return { place: { kind: 'root', name: parent }, parentSub: item.parentSub, holder };
    }
    if (parent === null) return null;
    if (parent.client === this.client && parent.clock >= this.start) {
      if (parent.clock >= item.clock) return null;
      const index = this.indexOf(parent.clock);
      const own = this.items[index];
      const around = this.located[index];
      if (!own || !around) return null;
      const written = own.written;
      let place: Place;
      if (written.kind === 'element') place = { kind: 'element', name: written.nodeName };
      else if (written.kind === 'text')
        place = { kind: 'text', block: around.place.kind === 'element' ? around.place.name : null };
      else return null;
      return { place, parentSub: item.parentSub, holder: own };
    }
    if (parent.clock >= Y.getState(this.doc.store, parent.client)) return null;
    const struct = Y.getItem(this.doc.store, parent) as Y.Item | Y.GC;
    if (!(struct instanceof Y.Item) || !(struct.content instanceof Y.ContentType)) return null;
    const type = struct.content.type;
    return { place: placeOfType(type, () => placeOfIntegrated(struct)), parentSub: item.parentSub, holder: type };
  }

  /** The index of the update's item holding `clock` (one of the items already read). */
  private indexOf(clock: number): number {
    let lo = 0;
    let hi = this.items.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.items[mid]?.clock ?? Infinity) <= clock) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
