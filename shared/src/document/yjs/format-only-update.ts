import * as Y from 'yjs';

/** y-tiptap's attribute name of an overlapping mark: the mark's name, `--`, eight characters of a hash. */
const HASHED_MARK = /^(.*)--[a-zA-Z0-9+/=]{8}$/;

/** The mark a formatting key of a Y.Text names (its hashed form for marks that overlap). */
export function markNameOfFormatKey(key: string): string {
  return HASHED_MARK.exec(key)?.[1] ?? key;
}

/**
 * Whether an update only adds or removes the formatting of some marks, as a commenter's may (issue 28:
 * comment anchors, and nothing else): every item it inserts is a formatting item of one of `marks`, and
 * everything it deletes is such an item too, already in `doc` or inserted by the update itself. Text,
 * nodes, attributes and other marks are neither added nor removed. An update that deletes what the
 * document does not hold is refused too (nothing can be checked there).
 */
export function onlyFormatsOf(doc: Y.Doc, update: Uint8Array, marks: ReadonlySet<string>): boolean {
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
  for (const struct of decoded.structs) {
    if (struct instanceof Y.Skip) continue;
    if (!(struct instanceof Y.Item) || !isMarkFormat(struct)) return false;
    const list = own.get(struct.id.client) ?? [];
    list.push(struct);
    own.set(struct.id.client, list);
  }
  for (const [client, ranges] of decoded.ds.clients) {
    for (const range of ranges) {
      for (let clock = range.clock; clock < range.clock + range.len;) {
        const item = itemAt(doc, own.get(client), client, clock);
        if (!item || !isMarkFormat(item)) return false;
        clock = item.id.clock + item.length;
      }
    }
  }
  return true;
}

/** The item holding `client:clock`, in the update's own items or in the document; null when neither has it. */
function itemAt(doc: Y.Doc, own: Y.Item[] | undefined, client: number, clock: number): Y.Item | null {
  const mine = own?.find((item) => item.id.clock <= clock && clock < item.id.clock + item.length);
  if (mine) return mine;
  if (clock >= Y.getState(doc.store, client)) return null;
  const struct = Y.getItem(doc.store, Y.createID(client, clock));
  return struct instanceof Y.Item ? struct : null;
}
