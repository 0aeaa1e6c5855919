import { describe, expect, it } from 'vitest';
import * as encoding from 'lib0/encoding';
import { Fragment, Slice, type Mark, type Node as PmNode } from '@tiptap/pm/model';
import { Transform } from '@tiptap/pm/transform';
import { updateYFragment, yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { defaultEditorOptions } from '../../editor-options';
import { GuardLimits } from '../../limits';
import { createDocumentModel } from '../model/create-document-model';
import { readTypingUpdate } from './typing-update';
import { checkDecodedUpdate, checkUpdate, type GuardVerdict } from './update-guard';
import { YDocKeys } from './ydoc-keys';
import { seededRandom as random } from '../testing/random-document';

/**
 * The fast path of the update guard (issue 29) against its full decode, on the real model: for updates y-tiptap
 * writes while authors type, format ranges and paste (inline and whole paragraphs), for hostile edits made with
 * the Yjs API, and for those updates' bytes mutated (unknown marks, bad values, marks a block refuses, overlong
 * strings, unknown, later or missing origins, flags, structs and contents the fast path never reads, flipped and
 * cut bytes), the guard's verdict equals the full decode's (with its detail and counts), or the fast path
 * declines. Its `exact` claim is checked on applying too.
 */
const { schema, rules } = createDocumentModel(defaultEditorOptions);

const fragment = (doc: Y.Doc): Y.XmlFragment => doc.getXmlFragment(YDocKeys.content);

/** A verdict as the full decode gives it (which never claims `exact`). */
const decodedShape = (v: GuardVerdict): GuardVerdict =>
  v.ok ? { ok: true, insertedChars: v.insertedChars, insertedWordBound: v.insertedWordBound } : v;

// ---- A v1 writer of structs, to mutate real updates field by field.

type RawContent =
  | { ref: 1; len: number }
  | { ref: 3; buf: Uint8Array }
  | { ref: 4; str: string }
  | { ref: 5; embed: unknown }
  | { ref: 6; key: string; value: unknown }
  | { ref: 7; typeRef: number; name: string }
  | { ref: 8; arr: unknown[] };

interface RawItem {
  kind: 'item';
  client: number;
  origin: Y.ID | null;
  rightOrigin: Y.ID | null;
  parent: string | Y.ID | null;
  parentSub: string | null;
  content: RawContent;
  /** Extra info bits (a parentSub flag next to an origin). */
  extra: number;
}
type RawStruct = RawItem | { kind: 'gc' | 'skip'; client: number; len: number };
interface RawUpdate {
  /** Per client: the first clock and the structs in order. */
  clients: Array<{ client: number; clock: number; structs: RawStruct[] }>;
  ds: Array<{ client: number; ranges: Array<[number, number]> }>;
}

const TYPE_REFS = new Map<unknown, number>([
  [Y.Array, 0],
  [Y.Map, 1],
  [Y.XmlElement, 3],
  [Y.XmlFragment, 4],
  [Y.XmlHook, 5],
  [Y.XmlText, 6],
  [Y.Text, 2],
]);

function rawContent(c: Y.Item['content']): RawContent {
  if (c instanceof Y.ContentString) return { ref: 4, str: c.str };
  if (c instanceof Y.ContentFormat) return { ref: 6, key: c.key, value: c.value };
  if (c instanceof Y.ContentAny) return { ref: 8, arr: [...c.arr] };
  if (c instanceof Y.ContentDeleted) return { ref: 1, len: c.len };
  if (c instanceof Y.ContentEmbed) return { ref: 5, embed: c.embed };
  if (c instanceof Y.ContentBinary) return { ref: 3, buf: c.content };
  if (c instanceof Y.ContentType) {
    const type = c.type;
    return { ref: 7, typeRef: TYPE_REFS.get(type.constructor) ?? 0, name: (type as Y.XmlElement).nodeName ?? '' };
  }
  throw new Error(`content ${c.constructor.name}`);
}

function toRaw(update: Uint8Array): RawUpdate {
  const { structs, ds } = Y.decodeUpdate(update);
  const clients: RawUpdate['clients'] = [];
  for (const s of structs) {
    let entry = clients.find((c) => c.client === s.id.client);
    if (!entry) clients.push((entry = { client: s.id.client, clock: s.id.clock, structs: [] }));
    if (s instanceof Y.Item) {
      const parent = s.parent as unknown;
      entry.structs.push({
        kind: 'item',
        client: s.id.client,
        origin: s.origin,
        rightOrigin: s.rightOrigin,
        parent: typeof parent === 'string' || parent instanceof Y.ID ? parent : null,
        parentSub: s.parentSub,
        content: rawContent(s.content),
        extra: 0,
      });
    } else entry.structs.push({ kind: s instanceof Y.GC ? 'gc' : 'skip', client: s.id.client, len: s.length });
  }
  return {
    clients,
    ds: [...ds.clients].map(([client, ranges]) => ({ client, ranges: ranges.map((r) => [r.clock, r.len]) })),
  };
}

function writeId(e: encoding.Encoder, id: Y.ID): void {
  encoding.writeVarUint(e, id.client);
  encoding.writeVarUint(e, id.clock);
}

function fromRaw(raw: RawUpdate): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, raw.clients.length);
  for (const { client, clock, structs } of raw.clients) {
    encoding.writeVarUint(e, structs.length);
    encoding.writeVarUint(e, client);
    encoding.writeVarUint(e, clock);
    for (const s of structs) {
      if (s.kind !== 'item') {
        encoding.writeUint8(e, s.kind === 'gc' ? 0 : 10);
        encoding.writeVarUint(e, s.len);
        continue;
      }
      const c = s.content;
      const info =
        c.ref | (s.origin ? 0x80 : 0) | (s.rightOrigin ? 0x40 : 0) | (s.parentSub !== null ? 0x20 : 0) | s.extra;
      encoding.writeUint8(e, info);
      if (s.origin) writeId(e, s.origin);
      if (s.rightOrigin) writeId(e, s.rightOrigin);
      if (!s.origin && !s.rightOrigin) {
        const parent = s.parent ?? YDocKeys.content;
        encoding.writeVarUint(e, typeof parent === 'string' ? 1 : 0);
        if (typeof parent === 'string') encoding.writeVarString(e, parent);
        else writeId(e, parent);
        if (s.parentSub !== null) encoding.writeVarString(e, s.parentSub);
      }
      if (c.ref === 1) encoding.writeVarUint(e, c.len);
      else if (c.ref === 3) encoding.writeVarUint8Array(e, c.buf);
      else if (c.ref === 4) encoding.writeVarString(e, c.str);
      else if (c.ref === 5) encoding.writeVarString(e, JSON.stringify(c.embed));
      else if (c.ref === 6) {
        encoding.writeVarString(e, c.key);
        encoding.writeVarString(e, JSON.stringify(c.value));
      } else if (c.ref === 7) {
        encoding.writeVarUint(e, c.typeRef);
        if (c.typeRef === 3 || c.typeRef === 5) encoding.writeVarString(e, c.name);
      } else {
        encoding.writeVarUint(e, c.arr.length);
        for (const v of c.arr) encoding.writeAny(e, v as Parameters<typeof encoding.writeAny>[1]);
      }
    }
  }
  encoding.writeVarUint(e, raw.ds.length);
  for (const { client, ranges } of raw.ds) {
    encoding.writeVarUint(e, client);
    encoding.writeVarUint(e, ranges.length);
    for (const [clock, len] of ranges) {
      encoding.writeVarUint(e, clock);
      encoding.writeVarUint(e, len);
    }
  }
  return encoding.toUint8Array(e);
}

// ---- Authors editing through y-tiptap, as the editor's sync plugin does.

interface Author {
  doc: Y.Doc;
  pm: PmNode;
  meta: Parameters<typeof updateYFragment>[3];
}

function newAuthor(): Author {
  return { doc: new Y.Doc(), pm: schema.topNodeType.createAndFill() as PmNode, meta: freshMeta() };
}

function freshMeta(): Author['meta'] {
  return { mapping: new Map(), isOMark: new Map() };
}

/** The updates y-tiptap sends for turning the author's document into `next`. */
function sync(author: Author, next: PmNode): Uint8Array[] {
  const updates: Uint8Array[] = [];
  const listen = (u: Uint8Array): void => void updates.push(u);
  author.doc.on('update', listen);
  author.doc.transact(() => updateYFragment(author.doc, fragment(author.doc), next, author.meta), 'y-sync');
  author.doc.off('update', listen);
  author.pm = next;
  return updates;
}

/** After remote changes: the editor's document read back from Yjs. */
function reload(author: Author): void {
  author.pm = yXmlFragmentToProseMirrorRootNode(fragment(author.doc), schema);
  author.meta = freshMeta();
}

const p = (text: string, marks: readonly Mark[] = []): PmNode =>
  schema.node('paragraph', null, text ? [schema.text(text, marks)] : []);

function initialDoc(): PmNode {
  const bold = schema.mark('bold');
  return schema.node('doc', null, [
    schema.node('heading', { level: 1 }, [schema.text('A title')]),
    ...Array.from({ length: 8 }, (_, i) =>
      schema.node('paragraph', null, [
        schema.text(`Paragraph ${i} has `),
        schema.text('some bold', [bold]),
        schema.text(' and plain words in it.'),
      ]),
    ),
    schema.node('codeBlock', null, [schema.text('const a = 1;')]),
    schema.node('bulletList', null, [
      schema.node('listItem', null, [p('first item')]),
      schema.node('listItem', null, [p('second item')]),
    ]),
  ]);
}

type Shape = 'format' | 'unformat' | 'type' | 'paste-inline' | 'paste-blocks' | 'paste-split' | 'delete' | 'attrs';

function textblocks(doc: PmNode): Array<{ node: PmNode; pos: number }> {
  const out: Array<{ node: PmNode; pos: number }> = [];
  doc.descendants((node, pos) => {
    if (node.isTextblock) out.push({ node, pos });
  });
  return out;
}

/** One edit of the kinds the issue names, as ProseMirror would make it; null when it does not apply here. */
function edit(doc: PmNode, shape: Shape, next: () => number): PmNode | null {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const blocks = textblocks(doc);
  const tb = pick(blocks);
  const start = tb.pos + 1;
  const size = tb.node.content.size;
  const from = start + Math.floor(next() * (size + 1));
  const to = Math.min(start + size, from + 1 + Math.floor(next() * 12));
  const tr = new Transform(doc);
  const marks = [
    schema.mark('bold'),
    schema.mark('italic'),
    schema.mark('underline'),
    schema.mark('strike'),
    schema.mark('code'),
    schema.mark('link', { href: `https://example.com/${Math.floor(next() * 9)}` }),
    schema.mark('textStyle', { color: pick(['#E25041', '#2C82C9']) }),
  ];
  switch (shape) {
    case 'format':
      if (to <= from) return null;
      tr.addMark(from, to, pick(marks));
      break;
    case 'unformat':
      if (to <= from) return null;
      tr.removeMark(from, to, pick(marks).type);
      break;
    case 'type':
      tr.insert(from, schema.text(pick(['x', ' ', 'word ', 'ü'])));
      break;
    case 'paste-inline':
      if (tb.node.type.name === 'codeBlock') tr.insert(from, schema.text('pasted code'));
      else tr.insert(from, [schema.text('pasted '), schema.text('bold', [marks[0] as Mark]), schema.text(' words')]);
      break;
    case 'paste-blocks':
    case 'paste-split': {
      const count = 1 + Math.floor(next() * 3);
      const nodes = Array.from({ length: count }, (_, i) =>
        i === 1 && next() < 0.3
          ? schema.node('heading', { level: 2 }, [schema.text('pasted heading')])
          : schema.node('paragraph', null, [schema.text(`pasted ${i} `), schema.text('strong', [marks[0] as Mark])]),
      );
      if (shape === 'paste-split' && tb.node.type.name === 'paragraph') {
        tr.replace(from, from, new Slice(Fragment.from(nodes), 1, 1));
      } else {
        // Between two top-level blocks.
        let at = 0;
        const index = Math.floor(next() * (doc.childCount + 1));
        for (let i = 0; i < index; i++) at += doc.child(i).nodeSize;
        tr.insert(at, nodes);
      }
      break;
    }
    case 'delete':
      if (doc.childCount > 24) {
        // A whole block, so that the document keeps a size the test runs quickly on.
        const first = doc.child(0).nodeSize;
        tr.delete(first, first + doc.child(1).nodeSize);
      } else if (to > from) tr.delete(from, to);
      else return null;
      break;
    case 'attrs':
      if (tb.node.type.name !== 'paragraph' && tb.node.type.name !== 'heading') return null;
      tr.setNodeMarkup(tb.pos, undefined, { ...tb.node.attrs, textAlign: pick([null, 'center', 'right']) });
      break;
  }
  return tr.docChanged ? tr.doc : null;
}

// ---- Hostile variants.

const HOSTILE_KEYS = ['script', 'bold--AAAAAAAA', 'onclick', '__proto__', 'comment--AAAAAAAA'];
const HOSTILE_VALUES: unknown[] = [
  'red',
  42,
  [1],
  true,
  { href: 'javascript:alert(1)' },
  { color: 'url(https://evil.example/x)' },
  { unknown: 1 },
  { href: `https://example.com/${'a'.repeat(GuardLimits.maxAttributeChars)}` },
  { thread: 'x' },
];

/** Edits made with the Yjs API that y-tiptap never makes (on a copy of the author's document). */
function hostileEdit(author: Author, next: () => number): Uint8Array | null {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(author.doc));
  // The author's own client (set after loading: Yjs moves a document off a client id it receives updates of).
  copy.clientID = author.doc.clientID;
  const before = Y.encodeStateVector(copy);
  const top = fragment(copy).toArray();
  const element = pick(top);
  if (!(element instanceof Y.XmlElement)) return null;
  const text = element.toArray().find((c): c is Y.XmlText => c instanceof Y.XmlText);
  const r = Math.floor(next() * 9);
  copy.transact(() => {
    if (r === 0 && text) text.format(0, Math.max(1, text.length), { [pick(['bold', ...HOSTILE_KEYS])]: {} });
    else if (r === 1 && text)
      text.format(0, Math.max(1, text.length), { [pick(['link', 'textStyle'])]: pick(HOSTILE_VALUES) });
    else if (r === 2 && text) text.insert(0, 'y'.repeat(GuardLimits.maxStringChars + 1));
    else if (r === 3) fragment(copy).insert(0, [new Y.XmlElement(pick(['script', 'listItem', 'image']))]);
    else if (r === 4) {
      // y-tiptap writes attribute values of any JSON type (a heading's level is a number).
      const attrs = element as unknown as Y.XmlElement<Record<string, string | number>>;
      attrs.setAttribute(pick(['textAlign', 'onclick', 'level']), pick<string | number>(['left; x', 99, 'center', 2]));
    } else if (r === 5 && text) text.insertEmbed(0, { x: 1 });
    else if (r === 6) copy.getMap(YDocKeys.meta).set(pick([YDocKeys.titleKey, 'other']), pick(['Plan', 7]));
    else if (r === 7) copy.getText('evil').insert(0, 'z');
    else if (text) text.insert(0, 'in a new element', { bold: {} });
  });
  return Y.encodeStateAsUpdate(copy, before);
}

/** The update with one field of one struct changed (or its bytes flipped or cut); null when nothing applies. */
function mutate(update: Uint8Array, server: Y.Doc, next: () => number): Uint8Array | null {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const kind = Math.floor(next() * 14);
  if (kind === 0) {
    const bytes = update.slice();
    const at = Math.floor(next() * bytes.length);
    bytes[at] = (bytes[at] ?? 0) ^ (1 << Math.floor(next() * 8));
    return bytes;
  }
  if (kind === 1) return update.slice(0, Math.floor(next() * update.length));
  const raw = toRaw(update);
  const entry = raw.clients[0];
  if (!entry) return null;
  const items = entry.structs.filter((s): s is RawItem => s.kind === 'item');
  const formats = items.filter((s) => s.content.ref === 6);
  const withOrigin = items.filter((s) => s.origin || s.rightOrigin);
  const known = serverItems(server);
  switch (kind) {
    case 2: {
      const f = formats.length > 0 ? pick(formats) : null;
      if (!f || f.content.ref !== 6) return null;
      f.content.key = pick(HOSTILE_KEYS);
      break;
    }
    case 3: {
      const f = formats.length > 0 ? pick(formats) : null;
      if (!f || f.content.ref !== 6) return null;
      f.content.value = pick(HOSTILE_VALUES);
      break;
    }
    case 4: {
      // A mark moved into the code block (which allows none) or next to any item the server holds.
      const target = pick(known.code.length > 0 && next() < 0.6 ? known.code : known.all);
      const f = formats.length > 0 ? pick(formats) : pick(items);
      if (!f || !target) return null;
      f.origin = target;
      f.rightOrigin = null;
      break;
    }
    case 5: {
      const s = items.find((i) => i.content.ref === 4);
      if (!s || next() < 0.8) return null;
      s.content = { ref: 4, str: 'x'.repeat(GuardLimits.maxStringChars + 1) };
      break;
    }
    case 6: {
      // An origin the document lacks: another client, or a clock beyond what anyone has.
      const s = withOrigin.length > 0 ? pick(withOrigin) : null;
      if (!s) return null;
      const id = next() < 0.5 ? Y.createID(7, 0) : Y.createID(entry.client, entry.clock + 10_000);
      if (s.origin) s.origin = id;
      else s.rightOrigin = id;
      break;
    }
    case 7: {
      // No origin at all: the item names a parent instead (a root, a known item, or nothing real).
      const s = withOrigin.length > 0 ? pick(withOrigin) : null;
      if (!s) return null;
      s.origin = null;
      s.rightOrigin = null;
      s.parent = pick<string | Y.ID>([
        YDocKeys.content,
        'evil',
        YDocKeys.meta,
        ...known.types,
        ...known.all.slice(0, 3),
      ]);
      s.parentSub = pick([null, null, 'textAlign', 'onclick', YDocKeys.titleKey]);
      break;
    }
    case 8: {
      // A reference to a later item of the update, or to the item itself.
      const s = withOrigin.length > 0 ? pick(withOrigin) : null;
      if (!s) return null;
      s.origin = Y.createID(entry.client, entry.clock + Math.floor(next() * 40));
      break;
    }
    case 9: {
      const s = withOrigin.length > 0 ? pick(withOrigin) : null;
      if (!s) return null;
      s.extra = 0x20;
      break;
    }
    case 10: {
      const s = pick(items);
      if (!s) return null;
      s.content = pick<RawContent>([
        { ref: 1, len: 1 },
        { ref: 3, buf: Uint8Array.of(1) },
        { ref: 5, embed: { x: 1 } },
        { ref: 8, arr: [pick(['javascript:', 7, 'center', null])] },
        { ref: 8, arr: [] },
        { ref: 4, str: '' },
        { ref: 7, typeRef: pick([0, 1, 2, 3, 4, 5, 6]), name: pick(['script', 'paragraph', 'listItem', 'heading']) },
      ]);
      break;
    }
    case 11: {
      const index = Math.floor(next() * (entry.structs.length + 1));
      entry.structs.splice(index, 0, { kind: next() < 0.5 ? 'gc' : 'skip', client: entry.client, len: 1 });
      break;
    }
    case 12: {
      raw.ds.push({ client: pick([entry.client, 7]), ranges: [[Math.floor(next() * 3) * 1_000, 2]] });
      break;
    }
    default: {
      // The same structs again under a second client (or the update's first clock moved).
      if (next() < 0.5) raw.clients.push({ ...entry, client: entry.client + 1 });
      else entry.clock += pick([-1, 1]);
      break;
    }
  }
  return fromRaw(raw);
}

/** IDs of items the server holds: a few of any kind, the code block's text, and types. */
function serverItems(server: Y.Doc): { all: Y.ID[]; code: Y.ID[]; types: Y.ID[] } {
  const all: Y.ID[] = [];
  const code: Y.ID[] = [];
  const types: Y.ID[] = [];
  for (const child of fragment(server).toArray()) {
    if (!(child instanceof Y.XmlElement) || !child._item) continue;
    types.push(child._item.id);
    const text = child.get(0);
    if (text instanceof Y.XmlText && text._item) {
      types.push(text._item.id);
      const first = text._start?.id;
      if (first) (child.nodeName === 'codeBlock' ? code : all).push(first);
    }
  }
  return { all: all.slice(0, 6), code, types: types.slice(0, 6) };
}

// ---- The property.

describe('fast path of the update guard against its full decode', () => {
  it('agrees on real and hostile updates of every shape, or declines', { timeout: 120_000 }, () => {
    const next = random(29);
    const server = new Y.Doc();
    const authors = [newAuthor(), newAuthor(), newAuthor()];
    const [first] = authors as [Author];
    const stats = { cases: 0, fast: 0, exactChecked: 0 };
    const taken = new Map<string, { real: number; fast: number }>();

    const check = (update: Uint8Array, label: string): GuardVerdict => {
      stats.cases++;
      const full = checkDecodedUpdate(server, update, rules);
      const fast = readTypingUpdate(server, update);
      const verdict = checkUpdate(server, update, rules);
      expect(decodedShape(verdict), label).toEqual(full);
      if (fast) {
        stats.fast++;
        if (verdict.ok) expect(verdict.exact, label).toBe(true);
      }
      const t = taken.get(label) ?? { real: 0, fast: 0 };
      t.real++;
      if (fast) t.fast++;
      taken.set(label, t);
      return verdict;
    };

    /** The bytes of an `exact` update stand for the update Yjs encodes from the transaction applying it. */
    const checkExact = (update: Uint8Array): void => {
      const a = new Y.Doc();
      Y.applyUpdate(a, Y.encodeStateAsUpdate(server));
      if (a.store.pendingStructs !== null) return;
      const b = new Y.Doc();
      Y.applyUpdate(b, Y.encodeStateAsUpdate(server));
      let encoded: Uint8Array | null = null;
      a.on('update', (u: Uint8Array, origin: unknown) => {
        if (origin === 'peer') encoded = u;
      });
      Y.applyUpdate(a, update, 'peer');
      expect(a.store.pendingStructs).toBeNull();
      if (encoded) Y.applyUpdate(b, encoded);
      expect(Y.equalSnapshots(Y.snapshot(a), Y.snapshot(b))).toBe(true);
      expect(fragment(b).toString()).toBe(fragment(a).toString());
      stats.exactChecked++;
    };

    for (const u of sync(first, initialDoc())) {
      check(u, 'paste-blocks');
      Y.applyUpdate(server, u);
    }
    for (const a of authors.slice(1)) {
      Y.applyUpdate(a.doc, Y.encodeStateAsUpdate(first.doc));
      reload(a);
    }
    const shapes: Shape[] = [
      'format',
      'format',
      'format',
      'unformat',
      'type',
      'paste-inline',
      'paste-blocks',
      'paste-split',
      'delete',
      'delete',
      'attrs',
    ];
    const held: Uint8Array[] = [];
    for (let step = 0; step < 450; step++) {
      const author = authors[Math.floor(next() * authors.length)] as Author;
      if (next() < 0.1) {
        const hostile = hostileEdit(author, next);
        if (hostile) check(hostile, 'hostile');
        continue;
      }
      const shape = shapes[Math.floor(next() * shapes.length)] as Shape;
      const changed = edit(author.pm, shape, next);
      if (!changed) continue;
      for (const update of sync(author, changed)) {
        const verdict = check(update, shape);
        expect(verdict.ok || (!verdict.ok && verdict.kind === 'missing'), shape).toBe(true);
        if (verdict.ok && verdict.exact && step % 6 === 0) checkExact(update);
        for (let m = 0; m < 6; m++) {
          const mutated = mutate(update, server, next);
          if (mutated) check(mutated, 'mutated');
        }
        // The server holds what it misses the dependencies of, and lags now and then on its own, so later
        // updates of that author reference what it lacks (missing).
        if (verdict.ok && next() < 0.8) Y.applyUpdate(server, update);
        else held.push(update);
      }
      if (held.length > 0 && next() < 0.2) {
        const merged = Y.mergeUpdates(held.splice(0));
        check(merged, 'merged');
        Y.applyUpdate(server, merged);
      }
      if (next() < 0.15) {
        // Authors sync with the server and pick up each other's edits.
        for (const a of authors) {
          Y.applyUpdate(server, Y.encodeStateAsUpdate(a.doc));
        }
        held.length = 0;
        for (const a of authors) {
          Y.applyUpdate(a.doc, Y.encodeStateAsUpdate(server));
          reload(a);
        }
      }
    }
    // Real updates of the shapes mostly take the fast path.
    const share = (label: string): number => {
      const t = taken.get(label);
      return t ? t.fast / t.real : 0;
    };
    expect(share('format')).toBeGreaterThan(0.6);
    expect(share('type')).toBeGreaterThan(0.6);
    expect(share('paste-inline')).toBeGreaterThan(0.6);
    expect(share('paste-blocks')).toBeGreaterThan(0.6);
    expect(share('paste-split')).toBeGreaterThan(0.6);
    expect(stats.cases).toBeGreaterThan(1_500);
    expect(stats.fast).toBeGreaterThan(600);
    expect(stats.exactChecked).toBeGreaterThan(30);
  });
});
