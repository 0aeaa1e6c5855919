import * as Y from 'yjs';

/** y-tiptap's attribute name of an overlapping mark: the mark's name, `--`, eight characters of a hash. */
const HASHED_MARK = /^(.*)--[a-zA-Z0-9+/=]{8}$/;

/** The mark a formatting key of a Y.Text names (its hashed form for marks that overlap). */
export function markNameOfFormatKey(key: string): string {
  return HASHED_MARK.exec(key)?.[1] ?? key;
}

/** One attribute of some elements that an update may set too (a commenter's anchors on objects). */
export interface ObjectAttribute {
  /** The attribute's key. */
  readonly attribute: string;
  /** The element (node) names that carry it. */
  readonly nodes: ReadonlySet<string>;
}

/** Where an attribute item lives: an element already in the document and its key. */
interface AttributePlace {
  element: Y.XmlElement;
  key: string;
}

/**
 * Whether an update only adds or removes the formatting of some marks, as a commenter's may (issue 28:
 * comment anchors, and nothing else): every item it inserts is a formatting item of one of `marks`, and
 * everything it deletes is such an item too, already in `doc` or inserted by the update itself. Text,
 * nodes, attributes and other marks are neither added nor removed. An update that deletes what the
 * document does not hold is refused too (nothing can be checked there).
 *
 * With `object`, the update may also set or remove that attribute of existing elements of those names (the
 * anchors of comments on images, videos and cells): a new value of the key, and the deletion of the value it
 * replaces. y-tiptap writes a node's non-primitive attributes again whenever the node changes (it compares them
 * by identity), so another attribute of such an element may be written too, but only with the value it holds.
 * Whether the values are valid is the model guard's business, as for any update.
 */
export function onlyFormatsOf(
  doc: Y.Doc,
  update: Uint8Array,
  marks: ReadonlySet<string>,
  object?: ObjectAttribute,
): boolean {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return false;
  }
  const isMarkFormat = (item: Y.Item): boolean =>
    item.content instanceof Y.ContentFormat &&
    item.parentSub === null &&
    marks.has(markNameOfFormatKey(item.content.key));
  // Items of the update by client, to find what it deletes of its own.
  const own = new Map<number, Y.Item[]>();
  const attributeItems: Y.Item[] = [];
  for (const struct of decoded.structs) {
    if (struct instanceof Y.Skip) continue;
    if (!(struct instanceof Y.Item)) return false;
    if (!isMarkFormat(struct)) {
      if (!object) return false;
      // A value the update sets and replaces again (a key set twice) arrives deleted: it holds nothing.
      if (struct.content instanceof Y.ContentAny) attributeItems.push(struct);
      else if (!(struct.content instanceof Y.ContentDeleted)) return false;
    }
    const list = own.get(struct.id.client) ?? [];
    list.push(struct);
    own.set(struct.id.client, list);
  }
  // The element and key each attribute item sets; keys written per element, to pair deletions with them.
  const written = new Map<Y.XmlElement, Set<string>>();
  if (object) {
    const places = new AttributePlaces(doc, own, object);
    for (const item of attributeItems) {
      const place = places.of(item);
      if (!place || !sameOrOwnKey(place, item, object.attribute)) return false;
      const keys = written.get(place.element) ?? new Set<string>();
      keys.add(place.key);
      written.set(place.element, keys);
    }
  }
  for (const [client, ranges] of decoded.ds.clients) {
    for (const range of ranges) {
      for (let clock = range.clock; clock < range.clock + range.len;) {
        const mine = ownItemAt(own.get(client), clock);
        // Every item of the update itself was checked above.
        const item = mine ?? docItemAt(doc, client, clock);
        if (!item || !(mine || isMarkFormat(item) || (object && isReplacedAttribute(item, object, written)))) {
          return false;
        }
        clock = item.id.clock + item.length;
      }
    }
  }
  return true;
}

/** Whether an attribute item sets the object's own key, or another key to the value it already holds. */
function sameOrOwnKey(place: AttributePlace, item: Y.Item, attribute: string): boolean {
  if (place.key === attribute) return true;
  const content = item.content as Y.ContentAny;
  if (content.arr.length !== 1) return false;
  return JSON.stringify(place.element.getAttribute(place.key) ?? null) === JSON.stringify(content.arr[0] ?? null);
}

/**
 * Whether a deleted item of the document is a value of an object's attribute that the update replaces (or, for
 * the object's own key, removes).
 */
function isReplacedAttribute(
  item: Y.Item,
  object: ObjectAttribute,
  written: ReadonlyMap<Y.XmlElement, ReadonlySet<string>>,
): boolean {
  const parent = item.parent;
  const key = item.parentSub;
  if (!(parent instanceof Y.XmlElement) || key === null || !object.nodes.has(parent.nodeName)) return false;
  return key === object.attribute || (written.get(parent)?.has(key) ?? false);
}

/** Resolves the element and key of an update's attribute items through their origins, once each. */
class AttributePlaces {
  private readonly known = new Map<Y.Item, AttributePlace | null>();

  constructor(
    private readonly doc: Y.Doc,
    private readonly own: ReadonlyMap<number, Y.Item[]>,
    private readonly object: ObjectAttribute,
  ) {}

  of(item: Y.Item, depth = 0): AttributePlace | null {
    if (this.known.has(item)) return this.known.get(item) ?? null;
    const place = depth > 64 ? null : this.resolve(item, depth);
    this.known.set(item, place);
    return place;
  }

  private resolve(item: Y.Item, depth: number): AttributePlace | null {
    const parent = item.parent as unknown;
    if (parent instanceof Y.ID) {
      // The first value of a key: the update names the element (an item of the document) and the key.
      if (item.parentSub === null) return null;
      const struct = this.integrated(parent);
      const type = struct?.content instanceof Y.ContentType ? struct.content.type : null;
      return this.place(type, item.parentSub);
    }
    if (parent !== null) return null;
    // A later value: it shares the element and key of the value it follows (its origin).
    const ref = item.origin ?? item.rightOrigin;
    if (!ref) return null;
    const origin = this.integrated(ref);
    if (origin) return this.place(origin.parent, origin.parentSub);
    const mine = ownItemAt(this.own.get(ref.client), ref.clock);
    return mine ? this.of(mine, depth + 1) : null;
  }

  private place(type: unknown, key: string | null): AttributePlace | null {
    if (!(type instanceof Y.XmlElement) || key === null || !this.object.nodes.has(type.nodeName)) return null;
    return { element: type, key };
  }

  private integrated(id: Y.ID): Y.Item | null {
    if (id.clock >= Y.getState(this.doc.store, id.client)) return null;
    const struct = Y.getItem(this.doc.store, id);
    return struct instanceof Y.Item ? struct : null;
  }
}

/** The update's own item holding `clock`, if any. */
function ownItemAt(own: Y.Item[] | undefined, clock: number): Y.Item | undefined {
  return own?.find((item) => item.id.clock <= clock && clock < item.id.clock + item.length);
}

/** The document's item holding `client:clock`; null when it has none. */
function docItemAt(doc: Y.Doc, client: number, clock: number): Y.Item | null {
  if (clock >= Y.getState(doc.store, client)) return null;
  const struct = Y.getItem(doc.store, Y.createID(client, clock));
  return struct instanceof Y.Item ? struct : null;
}
