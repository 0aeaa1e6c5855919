/**
 * Word writes lists as paragraphs with `mso-list:l<list> level<n> lfo<k>` and a typed marker; the list
 * definitions (`@list l0:level1 { mso-level-number-format: … }`) sit in the head's <style> when the
 * clipboard holds the whole document. This rebuilds real nested <ul>/<ol> from them.
 */

export interface WordListItem {
  /** `l<n>` plus the override (`lfo<k>`): Word continues numbering across groups with the same one. */
  list: string;
  level: number;
  /** The marker text Word typed before the item (`·`, `1.`, `IV.`, `a)`), without padding. */
  marker: string;
}

interface LevelDefinition {
  format: string | null;
  start: number | null;
}

/** `l0:level1` → its number format and start, from every <style> of the clipboard document. */
export function readListDefinitions(doc: Document): Map<string, LevelDefinition> {
  const defs = new Map<string, LevelDefinition>();
  for (const style of doc.querySelectorAll('style')) {
    const css = style.textContent ?? '';
    if (!css.includes('@list')) continue;
    const rule = /@list\s+(l\d+):level(\d+)\s*\{([^}]*)\}/g;
    for (let m = rule.exec(css); m; m = rule.exec(css)) {
      const body = m[3] ?? '';
      const format = /mso-level-number-format:\s*([\w-]+)/i.exec(body)?.[1]?.toLowerCase() ?? null;
      const start = /mso-level-start-at:\s*(\d+)/i.exec(body)?.[1];
      defs.set(`${m[1]}:${m[2]}`, { format, start: start === undefined ? null : Number(start) });
    }
  }
  return defs;
}

/** The `mso-list` of a Word list paragraph's style, or null. */
export function listItemOf(style: string | null): Omit<WordListItem, 'marker'> | null {
  if (!style) return null;
  const m = /mso-list:\s*(l\d+)\s+level(\d+)(?:\s+(lfo\d+))?/i.exec(style);
  if (!m) return null;
  return { list: `${m[1]}:${m[3] ?? ''}`, level: Number(m[2]) };
}

export interface ListKind {
  tag: 'ul' | 'ol';
  /** HTML `type` of an ordered list (`a`, `A`, `i`, `I`), null for decimal. */
  type: string | null;
  start: number;
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

function romanValue(text: string): number {
  let total = 0;
  const lower = text.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    const v = ROMAN[lower[i] ?? ''] ?? 0;
    const next = ROMAN[lower[i + 1] ?? ''] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}

const FORMATS: Record<string, string | null> = {
  'roman-upper': 'I',
  'roman-lower': 'i',
  'alpha-upper': 'A',
  'alpha-lower': 'a',
};

/** The kind of list an item opens, from the definitions when there are some, else from its marker text. */
export function listKindOf(item: WordListItem, defs: Map<string, LevelDefinition>): ListKind {
  const id = item.list.split(':')[0] ?? '';
  const def = defs.get(`${id}:${item.level}`);
  if (def) {
    if (def.format === 'bullet' || def.format === 'image') return { tag: 'ul', type: null, start: 1 };
    return { tag: 'ol', type: def.format ? (FORMATS[def.format] ?? null) : null, start: def.start ?? 1 };
  }
  const marker = item.marker.replace(/[\s\u00a0]+/g, '');
  const number = /^\(?(\d+)[.)]?$/.exec(marker);
  if (number) return { tag: 'ol', type: null, start: Number(number[1]) };
  const roman = /^\(?([ivxlcdm]+)[.)]$/i.exec(marker);
  if (roman?.[1] && (roman[1].length > 1 || /[ivx]/i.test(roman[1]))) {
    const upper = roman[1] === roman[1].toUpperCase();
    return { tag: 'ol', type: upper ? 'I' : 'i', start: romanValue(roman[1]) };
  }
  const alpha = /^\(?([a-z])[.)]$/i.exec(marker);
  if (alpha?.[1]) {
    const upper = alpha[1] === alpha[1].toUpperCase();
    return { tag: 'ol', type: upper ? 'A' : 'a', start: alpha[1].toLowerCase().charCodeAt(0) - 96 };
  }
  return { tag: 'ul', type: null, start: 1 };
}

interface OpenList {
  level: number;
  kind: ListKind;
  el: HTMLElement;
  lastItem: HTMLElement | null;
}

/**
 * Replaces each run of Word list paragraphs among a container's children with nested lists. A skipped level
 * nests one step; a different kind at the same level starts a sibling list; numbering continues where an
 * earlier run of the same Word list left off (Word's "continue numbering").
 */
export function buildLists(
  container: Element,
  items: Map<Element, WordListItem>,
  defs: Map<string, LevelDefinition>,
  counters: Map<string, number>,
): void {
  const doc = container.ownerDocument;
  let stack: OpenList[] = [];
  let child = container.firstChild;
  while (child) {
    const next = child.nextSibling;
    const item = child.nodeType === 1 ? items.get(child as Element) : undefined;
    if (!item) {
      // Blank text between list paragraphs does not end the list; anything else does.
      if (!(child.nodeType === 3 && (child.textContent ?? '').trim() === '')) stack = [];
      child = next;
      continue;
    }
    const kind = listKindOf(item, defs);
    const key = `${item.list}:${item.level}`;
    while (stack.length > 0 && (stack[stack.length - 1] as OpenList).level > item.level) stack.pop();
    let top = stack[stack.length - 1];
    if (top && top.level === item.level && (top.kind.tag !== kind.tag || top.kind.type !== kind.type)) {
      stack.pop();
      top = stack[stack.length - 1];
    }
    if (!top || top.level < item.level) {
      const list = doc.createElement(kind.tag);
      const seen = counters.get(key);
      const start = kind.tag === 'ol' ? (seen !== undefined ? seen + 1 : kind.start) : 1;
      if (kind.tag === 'ol') {
        if (kind.type) list.setAttribute('type', kind.type);
        if (start !== 1) list.setAttribute('start', String(start));
      }
      if (top?.lastItem) top.lastItem.append(list);
      else container.insertBefore(list, child);
      top = { level: item.level, kind, el: list, lastItem: null };
      stack.push(top);
      if (seen === undefined) counters.set(key, start - 1);
    }
    const li = doc.createElement('li');
    top.el.append(li);
    li.append(child);
    top.lastItem = li;
    counters.set(key, (counters.get(key) ?? 0) + 1);
    // A new item of a level restarts the numbering of the levels under it.
    for (const k of counters.keys()) {
      const [list, lfo, level] = k.split(':');
      if (`${list}:${lfo}` === item.list && Number(level) > item.level) counters.delete(k);
    }
    child = next;
  }
}
