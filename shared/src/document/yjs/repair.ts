import * as Y from 'yjs';
import { GuardLimits } from '../../limits';
import type { DocumentRules, NodeRule } from '../model/model-types';
import { checkAttribute, checkFormat } from './update-guard';
import { YDocKeys } from './ydoc-keys';

/** One thing a stored document holds that the model does not allow. */
export interface InvalidItem {
  item: Y.Item;
  why: string;
}

/** The part of a Yjs type the walk reads: its list of children and its map of keys. */
interface TypeParts {
  _start: Y.Item | null;
  _map: Map<string, Y.Item>;
}

function* liveChildren(type: TypeParts): Generator<Y.Item> {
  for (let item = type._start; item !== null; item = item.right) if (!item.deleted) yield item;
}

function* liveEntries(type: TypeParts): Generator<[string, Y.Item]> {
  for (const [key, item] of type._map) if (!item.deleted) yield [key, item];
}

function checkText(text: Y.XmlText, block: NodeRule, rules: DocumentRules, out: InvalidItem[]): void {
  for (const [key, item] of liveEntries(text)) out.push({ item, why: `attribute ${key} on text` });
  for (const item of liveChildren(text)) {
    const c = item.content;
    if (c instanceof Y.ContentString) {
      if (c.str.length > GuardLimits.maxStringChars) out.push({ item, why: 'string too long' });
    } else if (c instanceof Y.ContentFormat) {
      const why = checkFormat(rules.marks, block, c);
      if (why) out.push({ item, why });
    } else out.push({ item, why: 'non-text content in text' });
  }
}

function checkElement(el: Y.XmlElement, item: Y.Item, rules: DocumentRules, out: InvalidItem[]): void {
  const rule = rules.nodes.get(el.nodeName);
  if (!rule) {
    out.push({ item, why: `element ${el.nodeName} is not in the model` });
    return;
  }
  for (const [key, attr] of liveEntries(el)) {
    const why =
      attr.content instanceof Y.ContentAny
        ? checkAttribute(rule, key, attr.content)
        : `attribute ${key} is not a value`;
    if (why) out.push({ item: attr, why });
  }
  for (const child of liveChildren(el)) {
    const c = child.content;
    if (c instanceof Y.ContentType && c.type instanceof Y.XmlElement) {
      if (rule.children.has(c.type.nodeName)) checkElement(c.type, child, rules, out);
      else out.push({ item: child, why: `element ${c.type.nodeName} may not sit in ${rule.name}` });
    } else if (c instanceof Y.ContentType && c.type instanceof Y.XmlText && rule.text) {
      checkText(c.type, rule, rules, out);
    } else out.push({ item: child, why: `content of this kind may not sit in ${rule.name}` });
  }
}

/** Everything in the document the model refuses (a whole walk: run it once, on load). */
export function findInvalidItems(doc: Y.Doc, rules: DocumentRules): InvalidItem[] {
  const out: InvalidItem[] = [];
  for (const [name, type] of doc.share) {
    if (name === YDocKeys.content) {
      for (const item of liveChildren(type)) {
        const c = item.content;
        if (c instanceof Y.ContentType && c.type instanceof Y.XmlElement && rules.topLevel.has(c.type.nodeName)) {
          checkElement(c.type, item, rules, out);
        } else out.push({ item, why: 'content at the root that is not a top-level element' });
      }
      for (const [key, item] of liveEntries(type)) out.push({ item, why: `key ${key} on the content root` });
      continue;
    }
    for (const item of liveChildren(type)) out.push({ item, why: `content in root ${name}` });
    for (const [key, item] of liveEntries(type)) {
      const c = item.content;
      const title =
        name === YDocKeys.meta &&
        key === YDocKeys.titleKey &&
        c instanceof Y.ContentAny &&
        c.arr.length === 1 &&
        typeof c.arr[0] === 'string' &&
        c.arr[0].length <= GuardLimits.maxTitleChars;
      if (!title) out.push({ item, why: `key ${key} in root ${name}` });
    }
  }
  return out;
}

/**
 * Deletes what the model refuses, in one transaction with `origin`, and drops pending structs and
 * deletions (updates whose dependencies never arrived), which Yjs would otherwise store and send to
 * everyone in every sync. Returns what was removed.
 */
export function repairDocument(
  doc: Y.Doc,
  rules: DocumentRules,
  origin: unknown,
): { removed: InvalidItem[]; droppedPending: boolean } {
  const removed = findInvalidItems(doc, rules);
  const droppedPending = doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
  doc.store.pendingStructs = null;
  doc.store.pendingDs = null;
  if (removed.length > 0) {
    doc.transact((tr) => {
      for (const { item } of removed) if (!item.deleted) item.delete(tr);
    }, origin);
  }
  return { removed, droppedPending };
}
