import * as Y from 'yjs';

/** Origin of the deletions below, so no undo manager takes them for an author's own change. */
export const UNBUILDABLE_ORIGIN = 'tandem.unbuildable';

type Parent = Y.XmlFragment | Y.XmlElement;

/**
 * Whether y-tiptap can build something from this child: an element anywhere, text inside an element.
 * Anything else (text, strings, JSON, binary or embeds directly in the fragment, such content inside an
 * element) makes it throw outside its own repair, while building the view or in its Yjs observer.
 */
function buildable(item: Y.Item, parent: Parent, root: Y.XmlFragment): boolean {
  const { content } = item;
  if (!(content instanceof Y.ContentType)) return false;
  return content.type instanceof Y.XmlElement || (content.type instanceof Y.XmlText && parent !== root);
}

function collect(item: Y.Item, parent: Parent, root: Y.XmlFragment, out: Y.Item[]): void {
  if (item.deleted) return;
  if (!buildable(item, parent, root)) {
    out.push(item);
    return;
  }
  const { type } = item.content as Y.ContentType;
  if (type instanceof Y.XmlElement) collectChildren(type, root, out);
}

function collectChildren(parent: Parent, root: Y.XmlFragment, out: Y.Item[]): void {
  for (let item = parent._start; item !== null; item = item.right) collect(item, parent, root, out);
}

/** The unbuildable items anywhere under `root` (a walk of the whole fragment: once, before binding). */
export function unbuildableIn(root: Y.XmlFragment): Y.Item[] {
  const out: Y.Item[] = [];
  collectChildren(root, root, out);
  return out;
}

/** The unbuildable items a transaction added under `root`, read from its deep events (what changed only). */
export function unbuildableAdded(events: Y.YEvent<Y.AbstractType<unknown>>[], root: Y.XmlFragment): Y.Item[] {
  const out: Y.Item[] = [];
  for (const event of events) {
    const { target } = event;
    const parent = target === root ? root : target instanceof Y.XmlElement ? target : null;
    if (!parent) continue;
    for (const item of event.changes.added) collect(item, parent, root, out);
  }
  return out;
}

export function deleteItems(doc: Y.Doc, items: Y.Item[]): void {
  if (items.length === 0) return;
  doc.transact((transaction) => {
    for (const item of items) item.delete(transaction);
  }, UNBUILDABLE_ORIGIN);
}
