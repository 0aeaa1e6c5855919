import * as Y from 'yjs';
import { GuardLimits } from '../../limits';
import type { DocumentRules, MarkRule, NodeRule } from '../model/model-types';
import { GONE, placeOfIntegrated, placeOfType, type Place, type Written } from './guard-places';
import { readTypingUpdate, type TypingUpdate } from './typing-update';
import { YDocKeys } from './ydoc-keys';
import { isDocumentLang } from './ydoc-lang';

/**
 * The update guard: decides from an update's structs, before it is applied, whether it only writes
 * what the document model allows. A Yjs update carries its parent only for items without neighbours;
 * the others inherit the parent of their left (or right) origin, which lives either in the same update
 * or in the document already. So each item's place is resolved through those references, once.
 */

export type GuardVerdict =
  | {
      ok: true;
      /** Characters of text the update inserts into the content (zero-width spaces not counted). */
      insertedChars: number;
      /** An upper bound of the words the update can add (each inserted piece may split a word). */
      insertedWordBound: number;
      /**
       * The update integrates exactly as it is (every struct new, every reference and deletion known), so
       * its bytes can stand for the update Yjs would encode from the transaction that applies it.
       */
      exact?: true;
    }
  | { ok: false; kind: 'invalid'; detail: string }
  /** Not a Yjs update at all. */
  | { ok: false; kind: 'malformed' }
  /** References items, clocks or deletions the document does not have yet. */
  | { ok: false; kind: 'missing' };

type Struct = Y.Item | Y.GC | Y.Skip;

function isItem(s: Struct | undefined): s is Y.Item {
  return s instanceof Y.Item;
}

/** The structs of an update, per client, sorted by clock, for lookups by ID. */
class UpdateIndex {
  private readonly byClient = new Map<number, Struct[]>();

  constructor(structs: Struct[]) {
    for (const s of structs) {
      let list = this.byClient.get(s.id.client);
      if (!list) {
        list = [];
        this.byClient.set(s.id.client, list);
      }
      list.push(s);
    }
    for (const list of this.byClient.values()) list.sort((a, b) => a.id.clock - b.id.clock);
  }

  clients(): IterableIterator<[number, Struct[]]> {
    return this.byClient.entries();
  }

  find(client: number, clock: number): Struct | undefined {
    const list = this.byClient.get(client);
    if (!list) return undefined;
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = list[mid];
      if (!s) return undefined;
      if (clock < s.id.clock) hi = mid - 1;
      else if (clock >= s.id.clock + s.length) lo = mid + 1;
      else return s;
    }
    return undefined;
  }

  /** The clock after the last struct of this client in the update (0 when none). */
  end(client: number): number {
    const list = this.byClient.get(client);
    const last = list?.[list.length - 1];
    return last ? last.id.clock + last.length : 0;
  }
}

class MissingDependency extends Error {}

class Resolver {
  private readonly places = new Map<Y.Item, Place>();
  private depth = 0;

  constructor(
    private readonly doc: Y.Doc,
    private readonly index: UpdateIndex,
  ) {}

  /** Whether the document already holds this clock of this client. */
  inDoc(id: Y.ID): boolean {
    return id.clock < Y.getState(this.doc.store, id.client);
  }

  /** The place of the item an ID points into (in the update or in the document), with its parentSub. */
  private placeOfId(id: Y.ID): { place: Place; parentSub: string | null } {
    if (this.inDoc(id)) {
      const struct = Y.getItem(this.doc.store, id) as Struct;
      if (!isItem(struct)) return { place: GONE, parentSub: null };
      return { place: placeOfIntegrated(struct), parentSub: struct.parentSub };
    }
    const own = this.index.find(id.client, id.clock);
    if (!isItem(own)) throw new MissingDependency();
    return { place: this.placeOf(own), parentSub: own.parentSub };
  }

  /** The place of the children of the type an item (by ID) created. */
  private placeInside(id: Y.ID): Place {
    if (this.inDoc(id)) {
      const struct = Y.getItem(this.doc.store, id) as Struct;
      if (!isItem(struct) || !(struct.content instanceof Y.ContentType)) return GONE;
      const type = struct.content.type;
      return placeOfType(type, () => placeOfIntegrated(struct));
    }
    const own = this.index.find(id.client, id.clock);
    if (!isItem(own)) throw new MissingDependency();
    if (!(own.content instanceof Y.ContentType)) return GONE;
    return placeOfType(own.content.type, () => this.placeOf(own));
  }

  /** The place of an item of the update, and the key it is stored under (attribute/map key) when any. */
  placeOf(item: Y.Item): Place {
    const known = this.places.get(item);
    if (known) return known;
    // Chains of origins are as long as a run of typing; bound the recursion all the same.
    if (++this.depth > GuardLimits.maxResolveDepth) throw new Error('reference chain too deep');
    try {
      let place: Place;
      const parent = item.parent as unknown;
      if (typeof parent === 'string') place = { kind: 'root', name: parent };
      else if (parent instanceof Y.ID) place = this.placeInside(parent);
      else {
        const ref = item.origin ?? item.rightOrigin;
        if (!ref) return GONE;
        const origin = this.placeOfId(ref);
        // The decoded item has no parentSub of its own in this case: it shares its origin's.
        if (item.parentSub === null && origin.parentSub !== null) item.parentSub = origin.parentSub;
        place = origin.place;
      }
      this.places.set(item, place);
      return place;
    } finally {
      this.depth--;
    }
  }
}

function jsonChars(value: unknown): number {
  return typeof value === 'string' ? value.length : JSON.stringify(value ?? null).length;
}

/** Why a stored attribute value is refused, or null. */
export function checkAttribute(rule: NodeRule, key: string, content: Y.ContentAny): string | null {
  const validate = rule.attrs.get(key);
  if (!validate) return `attribute ${rule.name}.${key} is not in the model`;
  if (content.arr.length !== 1) return `attribute ${rule.name}.${key} holds ${content.arr.length} values`;
  const value: unknown = content.arr[0];
  if (jsonChars(value) > GuardLimits.maxAttributeChars) return `attribute ${rule.name}.${key} is too long`;
  return validate(value) ? null : `attribute ${rule.name}.${key} has an invalid value`;
}

/** y-tiptap's name of an overlapping mark: the mark's name, `--`, and 8 characters of a base64 hash. */
const HASHED_MARK_NAME = /^(.+)--[a-zA-Z0-9+/=]{8}$/;

/**
 * The rule of the mark a formatting key stands for: the mark of that name, or for y-tiptap's hashed name of an
 * overlapping mark (`comment--XXXXXXXX`) the base mark, when its rule says it overlaps. Anything else: none.
 */
export function markRuleOf(marks: ReadonlyMap<string, MarkRule>, key: string): MarkRule | undefined {
  const own = marks.get(key);
  if (own) return own;
  const base = HASHED_MARK_NAME.exec(key)?.[1];
  const rule = base === undefined ? undefined : marks.get(base);
  return rule?.overlapping ? rule : undefined;
}

/** Why a formatting item (a mark on text) is refused, or null. */
export function checkFormat(
  marks: ReadonlyMap<string, MarkRule>,
  block: NodeRule | undefined,
  f: { readonly key: string; readonly value: unknown },
): string | null {
  const mark = markRuleOf(marks, f.key);
  if (!mark) return `mark ${f.key} is not in the model`;
  if (block && !block.marks.has(mark.name)) return `mark ${f.key} is not allowed in ${block.name}`;
  const value: unknown = f.value;
  // null ends a formatted range.
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return `mark ${f.key} has a non-object value`;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const validate = mark.attrs.get(key);
    if (!validate) return `mark attribute ${f.key}.${key} is not in the model`;
    if (jsonChars(v) > GuardLimits.maxAttributeChars) return `mark attribute ${f.key}.${key} is too long`;
    if (!validate(v)) return `mark attribute ${f.key}.${key} has an invalid value`;
  }
  for (const key of mark.required ?? []) {
    if (!Object.hasOwn(value, key)) return `mark attribute ${f.key}.${key} is missing`;
  }
  return null;
}

/** Characters and a word bound of inserted text (zero-width spaces are not text to the counters). */
export function textAmount(text: string): { chars: number; words: number } {
  let chars = 0;
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x200b || c === 0xfeff) continue;
    chars++;
    const space = c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || (c >= 0x2000 && c <= 0x200a) || c === 0x3000;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return { chars, words };
}

/** What an item's content writes, for checkWrite. */
function writtenOf(content: Y.Item['content']): Written {
  if (content instanceof Y.ContentString) return { kind: 'string', str: content.str };
  if (content instanceof Y.ContentFormat) return { kind: 'format', key: content.key, value: content.value };
  if (content instanceof Y.ContentAny) return { kind: 'any', content };
  if (content instanceof Y.ContentType) {
    if (content.type instanceof Y.XmlElement) return { kind: 'element', nodeName: content.type.nodeName };
    if (content.type instanceof Y.XmlText) return { kind: 'text' };
  }
  return { kind: 'other' };
}

/** Checks one item of the update against the model; null when it is acceptable. */
function checkItem(
  item: Y.Item,
  place: Place,
  rules: DocumentRules,
  totals: { chars: number; words: number },
): string | null {
  if (item.content instanceof Y.ContentDeleted) return null;
  return checkWrite(place, item.parentSub, writtenOf(item.content), rules, totals);
}

/**
 * Checks what one item writes at its place (under `parentSub` when it is an attribute or map entry) against
 * the model, and adds inserted text to `totals`; null when it is acceptable. The one set of rules both the
 * full decode and the fast path apply.
 */
export function checkWrite(
  place: Place,
  parentSub: string | null,
  written: Written,
  rules: DocumentRules,
  totals: { chars: number; words: number },
): string | null {
  if (place.kind === 'gone') return null;
  if (place.kind === 'foreign') return 'content inside a type the model does not use';
  if (parentSub !== null) {
    if (place.kind === 'root') {
      const metaKey = place.name === YDocKeys.meta ? parentSub : null;
      if (metaKey !== YDocKeys.titleKey && metaKey !== YDocKeys.langKey) {
        return `key ${parentSub} in root ${place.name} is not in the model`;
      }
      if (written.kind !== 'any' || written.content.arr.length !== 1) return `the ${metaKey} is not one value`;
      const value: unknown = written.content.arr[0];
      if (metaKey === YDocKeys.langKey) return isDocumentLang(value) ? null : 'invalid document language';
      return typeof value === 'string' && value.length <= GuardLimits.maxTitleChars ? null : 'invalid title';
    }
    if (place.kind !== 'element') return 'attributes on text';
    const rule = rules.nodes.get(place.name);
    if (!rule) return `element ${place.name} is not in the model`;
    if (written.kind !== 'any') return `attribute ${place.name}.${parentSub} is not a plain value`;
    return checkAttribute(rule, parentSub, written.content);
  }
  if (place.kind === 'root') {
    if (place.name !== YDocKeys.content) return `content in root ${place.name}`;
    if (written.kind !== 'element') return 'only elements may sit at the root of the document';
    const name = written.nodeName;
    return rules.topLevel.has(name) ? null : `element ${name} may not sit at the root`;
  }
  if (place.kind === 'element') {
    const rule = rules.nodes.get(place.name);
    if (!rule) return `element ${place.name} is not in the model`;
    if (written.kind === 'element') {
      const name = written.nodeName;
      return rule.children.has(name) ? null : `element ${name} may not sit in ${place.name}`;
    }
    if (written.kind === 'text') return rule.text ? null : `text may not sit in ${place.name}`;
    return `content of this kind may not sit in ${place.name}`;
  }
  // place.kind === 'text'
  if (written.kind === 'string') {
    if (written.str.length > GuardLimits.maxStringChars) return 'string too long';
    if (place.block !== null) {
      const amount = textAmount(written.str);
      totals.chars += amount.chars;
      totals.words += amount.words + 1;
    }
    return null;
  }
  if (written.kind === 'format') {
    return checkFormat(rules.marks, place.block === null ? undefined : rules.nodes.get(place.block), written);
  }
  return 'only text and formatting may sit in text';
}

/** Whether the delete set only names clocks the document or the update has. */
function deletesKnown(
  doc: Y.Doc,
  index: UpdateIndex,
  ds: { clients: Map<number, Array<{ clock: number; len: number }>> },
): boolean {
  for (const [client, ranges] of ds.clients) {
    const known = Math.max(Y.getState(doc.store, client), index.end(client));
    for (const r of ranges) if (r.clock + r.len > known) return false;
  }
  return true;
}

/**
 * The verdict for an update the fast path read: each write checked as the full decode checks it. Its items are
 * all new and every reference and deletion is known, so it integrates exactly as it is.
 */
function fastVerdict(fast: TypingUpdate, rules: DocumentRules): GuardVerdict {
  const totals = { chars: 0, words: 0 };
  for (const w of fast.writes) {
    const problem = checkWrite(w.place, w.parentSub, w.written, rules, totals);
    if (problem) return { ok: false, kind: 'invalid', detail: problem };
  }
  return { ok: true, insertedChars: totals.chars, insertedWordBound: totals.words, exact: true };
}

/** Decides whether `update` may be applied to `doc` under `rules`; never throws for bad input. */
export function checkUpdate(doc: Y.Doc, update: Uint8Array, rules: DocumentRules): GuardVerdict {
  if (update.byteLength > GuardLimits.maxUpdateBytes) return { ok: false, kind: 'invalid', detail: 'update too large' };
  const fast = readTypingUpdate(doc, update);
  return fast ? fastVerdict(fast, rules) : checkDecodedUpdate(doc, update, rules);
}

/** checkUpdate without the fast path: decodes the update's structs (any update). */
export function checkDecodedUpdate(doc: Y.Doc, update: Uint8Array, rules: DocumentRules): GuardVerdict {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return { ok: false, kind: 'malformed' };
  }
  const structs = decoded.structs as Struct[];
  const index = new UpdateIndex(structs);
  const resolver = new Resolver(doc, index);
  const totals = { chars: 0, words: 0 };
  try {
    for (const [client, list] of index.clients()) {
      const state = Y.getState(doc.store, client);
      let expected = list[0]?.id.clock ?? 0;
      if (expected > state) return { ok: false, kind: 'missing' };
      for (const s of list) {
        // A gap inside the update (merged updates keep it as a Skip) is a missing dependency too.
        if (s instanceof Y.Skip || s.id.clock !== expected) return { ok: false, kind: 'missing' };
        expected = s.id.clock + s.length;
        if (!isItem(s) || expected <= state) continue;
        for (const ref of [s.origin, s.rightOrigin]) {
          if (ref && !resolver.inDoc(ref) && !isItem(index.find(ref.client, ref.clock))) {
            return { ok: false, kind: 'missing' };
          }
        }
        const problem = checkItem(s, resolver.placeOf(s), rules, totals);
        if (problem) return { ok: false, kind: 'invalid', detail: problem };
      }
    }
  } catch (error) {
    if (error instanceof MissingDependency) return { ok: false, kind: 'missing' };
    // A stack overflow from a crafted reference chain is a refusal, not a crash.
    return { ok: false, kind: 'invalid', detail: error instanceof Error ? error.message : 'invalid update' };
  }
  if (!deletesKnown(doc, index, decoded.ds)) return { ok: false, kind: 'missing' };
  return { ok: true, insertedChars: totals.chars, insertedWordBound: totals.words };
}
