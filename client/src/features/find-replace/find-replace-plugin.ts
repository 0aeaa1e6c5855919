import type { Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Mapping, StepMap } from '@tiptap/pm/transform';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import { findInText, replacementFor, textblockText, type Query, type TextMatch } from './find-replace-query';
import { registerPluginLate } from '../../editor/core/dom-selection';

export interface Range {
  from: number;
  to: number;
}

/** The search of one editor: its query, the matches as decorations, their number and the current one. */
export interface FindState {
  query: (Query & { ok: true }) | null;
  matches: DecorationSet;
  count: number;
  current: Range | null;
  /** Where "next" starts when there is no current match (the caret when the search began, then mapped). */
  anchor: number;
}

interface Seek {
  pos: number;
  dir: 1 | -1;
  /** A match starting exactly at `pos` counts (the first match of a new query, the one after a replacement). */
  inclusive: boolean;
}

interface Meta {
  query?: (Query & { ok: true }) | null;
  seek?: Seek;
}

type MatchSpec = Pick<TextMatch, 'captures' | 'groups'>;

export const findReplaceKey = new PluginKey<FindState>('findReplace');
const currentKey = new PluginKey('findReplaceCurrent');

const MATCH_CLASS = 'find-match';
export const CURRENT_CLASS = 'find-match-current';

const empty = (anchor = 0): FindState => ({
  query: null,
  matches: DecorationSet.empty,
  count: 0,
  current: null,
  anchor,
});

/** Match decorations of every textblock between `from` and `to` (textblocks are searched whole). */
export function searchRange(doc: PMNode, from: number, to: number, query: Query & { ok: true }): Decoration[] {
  const found: Decoration[] = [];
  doc.nodesBetween(from, to, (node, pos) => {
    if (!node.isTextblock) return true;
    const start = pos + 1;
    for (const m of findInText(textblockText(node), query)) {
      const spec: MatchSpec = { captures: m.captures, groups: m.groups };
      found.push(Decoration.inline(start + m.index, start + m.index + m.length, { class: MATCH_CLASS }, spec));
    }
    return false;
  });
  return found;
}

const blockStart = (doc: PMNode, pos: number): number => {
  const $pos = doc.resolve(pos);
  return $pos.parent.isTextblock ? $pos.start() : pos;
};
const blockEnd = (doc: PMNode, pos: number): number => {
  const $pos = doc.resolve(pos);
  return $pos.parent.isTextblock ? $pos.end() : pos;
};

/**
 * What changed between two documents, as one replaced range. Found by comparing the trees (unchanged
 * nodes are the same objects after a local edit, so this descends only along the changed path) rather
 * than from the steps: a change from another author arrives as one step replacing the whole document.
 */
export function changedRange(oldDoc: PMNode, newDoc: PMNode): { start: number; endA: number; endB: number } | null {
  const start = oldDoc.content.findDiffStart(newDoc.content);
  if (start === null) return null;
  const end = oldDoc.content.findDiffEnd(newDoc.content);
  let endA = end?.a ?? oldDoc.content.size;
  let endB = end?.b ?? newDoc.content.size;
  // Repeated content lets the common end overlap the common start ("aa" → "aaa"): move both ends back out.
  const overlap = start - Math.min(endA, endB);
  if (overlap > 0) {
    endA += overlap;
    endB += overlap;
  }
  return { start, endA, endB };
}

/** The state after a document change: positions mapped, only the textblocks around the change searched again. */
function afterChange(prev: FindState, oldDoc: PMNode, doc: PMNode): FindState {
  const range = changedRange(oldDoc, doc);
  if (!range) return prev;
  const { start, endA, endB } = range;
  const mapping = new Mapping([new StepMap([start, endA - start, endB - start])]);
  const anchor = mapping.map(prev.anchor, -1);
  let current: Range | null = null;
  if (prev.current) {
    const from = mapping.mapResult(prev.current.from, 1);
    const to = mapping.mapResult(prev.current.to, -1);
    if (!from.deleted && !to.deleted && from.pos < to.pos) current = { from: from.pos, to: to.pos };
  }
  if (!prev.query) return { ...prev, anchor, current: null };
  const a = blockStart(doc, start);
  const b = blockEnd(doc, endB);
  const bOld = b - (endB - endA);
  const mapped = prev.matches.map(mapping, doc);
  const fresh = searchRange(doc, a, b, prev.query);
  const matches = mapped.remove(mapped.find(a, b)).add(doc, fresh);
  const count = prev.count - prev.matches.find(a, bOld).length + fresh.length;
  // The current match stays current only while it is still a match (someone may have edited it).
  if (current) {
    const { from, to } = current;
    if (!matches.find(from, to).some((d) => d.from === from && d.to === to)) current = null;
  }
  return { ...prev, matches, count, anchor: current ? current.from : anchor, current };
}

/** The match from which `seek` goes (wrapping around the document), or null when there is none. */
function seekMatch(state: FindState, doc: PMNode, seek: Seek): Range | null {
  if (state.count === 0) return null;
  const size = doc.content.size;
  const pick = (list: Decoration[]): Range | null => {
    const ok = list.filter((d) =>
      seek.dir === 1 ? d.from > seek.pos || (seek.inclusive && d.from === seek.pos) : d.from < seek.pos,
    );
    if (ok.length === 0) return null;
    const best = ok.reduce((x, y) => ((seek.dir === 1 ? y.from < x.from : y.from > x.from) ? y : x));
    return { from: best.from, to: best.to };
  };
  // Look in growing windows from the position, so a step does not list every match of a long document.
  for (let width = 2048; ; width *= 4) {
    const lo = seek.dir === 1 ? seek.pos : Math.max(0, seek.pos - width);
    const hi = seek.dir === 1 ? Math.min(size, seek.pos + width) : seek.pos;
    const found = pick(state.matches.find(lo, hi));
    if (found) return found;
    if ((seek.dir === 1 && hi >= size) || (seek.dir === -1 && lo <= 0)) break;
  }
  // Nothing further that way: wrap around to the first (or last) match of the document.
  return firstOrLast(state, seek.dir);
}

function firstOrLast(state: FindState, dir: 1 | -1): Range | null {
  const all = state.matches.find();
  if (all.length === 0) return null;
  const best = all.reduce((x, y) => ((dir === 1 ? y.from < x.from : y.from > x.from) ? y : x));
  return { from: best.from, to: best.to };
}

function apply(tr: Transaction, prev: FindState, oldState: EditorState, newState: EditorState): FindState {
  // With the bar closed (no query) an edit costs nothing here: a new search gives its own start.
  let state = tr.docChanged && prev.query ? afterChange(prev, oldState.doc, newState.doc) : prev;
  const meta = tr.getMeta(findReplaceKey) as Meta | undefined;
  if (!meta) return state;
  if (meta.query !== undefined) {
    const query = meta.query;
    if (!query) return empty(state.current?.from ?? state.anchor);
    const found = searchRange(newState.doc, 0, newState.doc.content.size, query);
    state = {
      query,
      matches: DecorationSet.create(newState.doc, found),
      count: found.length,
      current: null,
      anchor: state.anchor,
    };
  }
  if (meta.seek) {
    const current = seekMatch(state, newState.doc, meta.seek);
    state = { ...state, current, anchor: current ? current.from : meta.seek.pos };
  }
  return state;
}

/** The search plugin (registered by the find bar when it first opens; nothing runs before). */
function createFindPlugin(): Plugin<FindState> {
  return new Plugin<FindState>({
    key: findReplaceKey,
    state: {
      init: () => empty(),
      apply,
    },
    props: {
      decorations: (state) => findReplaceKey.getState(state)?.matches,
    },
  });
}

/** The current match drawn over the others (its own plugin, so the big set is never rebuilt for it). */
function createCurrentPlugin(): Plugin {
  return new Plugin({
    key: currentKey,
    props: {
      decorations: (state) => {
        const current = findReplaceKey.getState(state)?.current;
        if (!current) return null;
        return DecorationSet.create(state.doc, [
          Decoration.inline(current.from, current.to, { class: CURRENT_CLASS, 'data-find-current': '' }),
        ]);
      },
    },
  });
}

/** The plugins of the search: the matches, and the current one drawn over them. */
export const findPlugins = (): Plugin[] => [createFindPlugin(), createCurrentPlugin()];

/** Adds the search's plugins to the editor (once). */
export function registerFindPlugins(editor: Editor): void {
  if (findReplaceKey.getState(editor.state) || editor.isDestroyed) return;
  const plugins = findPlugins();
  const [first] = plugins;
  if (first) registerPluginLate(editor, first, (_plugin, current) => [...current, ...plugins]);
}

export const findState = (state: EditorState): FindState | undefined => findReplaceKey.getState(state);

/** Which match is current, counted from 1 (0 when none is). */
export function currentIndex(state: FindState): number {
  if (!state.current) return 0;
  return state.matches.find(0, state.current.from - 1).length + 1;
}

function selectCurrent(view: EditorView): void {
  const current = findState(view.state)?.current;
  if (!current) return;
  view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, current.from, current.to)));
}

/** Sets (or clears) the query; the first match at or after `from` becomes current and is selected. */
export function setQuery(view: EditorView, query: (Query & { ok: true }) | null, from: number): void {
  const meta: Meta = query ? { query, seek: { pos: from, dir: 1, inclusive: true } } : { query: null };
  view.dispatch(view.state.tr.setMeta(findReplaceKey, meta));
  if (query) selectCurrent(view);
}

/** Moves to the next (1) or previous (-1) match, wrapping around, and selects it. */
export function step(view: EditorView, dir: 1 | -1): void {
  const state = findState(view.state);
  if (!state?.query) return;
  const pos = state.current ? state.current.from : state.anchor;
  // Without a current match (it was edited away) "next" may land on the match at the old place.
  const seek: Seek = { pos, dir, inclusive: !state.current && dir === 1 };
  view.dispatch(view.state.tr.setMeta(findReplaceKey, { seek } satisfies Meta));
  selectCurrent(view);
}

function replacementText(state: EditorState, range: Range, replacement: string): string {
  const deco = findState(state)
    ?.matches.find(range.from, range.to)
    .find((d) => d.from === range.from && d.to === range.to);
  const spec = (deco?.spec ?? { captures: null, groups: null }) as MatchSpec;
  return replacementFor(replacement, spec);
}

/** Replaces `range` in `tr` keeping the formatting the replaced text starts with. */
function replaceIn(tr: Transaction, range: Range, text: string): void {
  if (text === '') {
    tr.delete(range.from, range.to);
    return;
  }
  const $from = tr.doc.resolve(range.from);
  const marks = $from.marksAcross(tr.doc.resolve(range.to)) ?? $from.marks();
  tr.replaceWith(range.from, range.to, tr.doc.type.schema.text(text, marks));
}

/**
 * Replaces the current match and moves to the next one (with no current match, goes to one first).
 * `dispatch` sends the change (as its own undo step).
 */
export function replaceCurrent(view: EditorView, replacement: string, dispatch: (tr: Transaction) => void): boolean {
  const state = findState(view.state);
  if (!state?.query) return false;
  if (!state.current) {
    step(view, 1);
    return false;
  }
  const range = state.current;
  const text = replacementText(view.state, range, replacement);
  const tr = view.state.tr;
  replaceIn(tr, range, text);
  tr.setMeta(findReplaceKey, { seek: { pos: range.from + text.length, dir: 1, inclusive: true } } satisfies Meta);
  dispatch(tr);
  selectCurrent(view);
  return true;
}

/** Replaces every match in ONE transaction (one undo step, one update for the others); returns how many. */
export function replaceAll(view: EditorView, replacement: string, dispatch: (tr: Transaction) => void): number {
  const state = findState(view.state);
  if (!state?.query || state.count === 0) return 0;
  const all = state.matches.find().sort((x, y) => y.from - x.from);
  const tr = view.state.tr;
  // From the end backwards, so the positions of the matches still to replace do not move.
  for (const d of all) replaceIn(tr, d, replacementFor(replacement, d.spec as MatchSpec));
  dispatch(tr);
  return all.length;
}
