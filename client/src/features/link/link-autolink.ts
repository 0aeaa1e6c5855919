import { combineTransactionSteps, getChangedRanges, PasteRule, type PasteRuleMatch } from '@tiptap/core';
import type { MarkType } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import type { PasteStep } from '../../editor/paste-pipeline';
import { normalizeLinkUrl } from '@shared/document/link-url';
import { linkifyFind, whenLinkifyLoaded } from './link-linkify';

/** Longest word the autolinker looks at (bounds the work per keystroke). */
const MAX_WORD = 2048;
const OPENERS = /^[([{<"'«„“‘]*$/;
const CLOSERS = /^[.,;:!?)\]}>"'»“”’]*$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}(?:[:/?#]|$)/;

interface Detected {
  /** Offsets of the link inside the examined text. */
  start: number;
  end: number;
  href: string;
}

/**
 * The `href` of a URL or e-mail address linkify found, or `null` when it must not become a link
 * (a disallowed scheme such as `ftp:`, a bare IP address or `localhost` without a scheme).
 */
function hrefOf(hit: { type: string; value: string }, prefix: string): string | null {
  if (hit.type === 'email') return `mailto:${hit.value}`;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(hit.value);
  if (!hasScheme && (!hit.value.includes('.') || IPV4.test(hit.value))) return null;
  // Scheme-less hits use the configured prefix; an empty prefix falls back to protocol-relative.
  const result = normalizeLinkUrl(hit.value, prefix || '//');
  return result.ok ? result.href : null;
}

/**
 * The link a just-finished word is, if it is one: the whole word, apart from opening brackets or
 * quotes before it and closing punctuation after it (`www.example.com.` links without the dot).
 * Null too while linkify is not loaded yet.
 */
export function detectLink(word: string, prefix: string): Detected | null {
  const find = linkifyFind();
  if (!find || !word || word.length > MAX_WORD) return null;
  const hits = find(word);
  const hit = hits.length === 1 ? hits[0] : undefined;
  if (!hit?.isLink) return null;
  if (!OPENERS.test(word.slice(0, hit.start)) || !CLOSERS.test(word.slice(hit.end))) return null;
  const href = hrefOf(hit, prefix);
  return href ? { start: hit.start, end: hit.end, href } : null;
}

/** Every link in pasted plain text (any valid domain: linkify knows the full TLD list); none before it loads. */
export function findLinks(text: string, prefix: string): PasteRuleMatch[] {
  const find = linkifyFind();
  if (!find) return [];
  return find(text).flatMap((hit) => {
    const href = hit.isLink ? hrefOf(hit, prefix) : null;
    return href ? [{ index: hit.start, text: hit.value, data: { href } }] : [];
  });
}

function isRemote(tr: Transaction): boolean {
  const meta: unknown = tr.getMeta(ySyncPluginKey);
  return typeof meta === 'object' && meta !== null && 'isChangeOrigin' in meta && meta.isChangeOrigin === true;
}

/** Links the word ending at `pos` (apart from brackets and closing punctuation), unless in code or linked. */
function linkWordBefore(tr: Transaction, pos: number, type: MarkType, prefix: string): void {
  const { doc } = tr;
  const $pos = doc.resolve(pos);
  const parent = $pos.parent;
  if (!parent.isTextblock || parent.type.spec.code) return;
  const offset = $pos.parentOffset;
  const before = parent.textBetween(Math.max(0, offset - MAX_WORD), offset, undefined, '\ufffc');
  const word = /\S+$/.exec(before)?.[0];
  if (!word) return;
  const found = detectLink(word, prefix);
  if (found) linkRange(tr, pos - word.length + found.start, pos - word.length + found.end, found.href, type);
}

function linkRange(tr: Transaction, from: number, to: number, href: string, type: MarkType): void {
  if (tr.doc.rangeHasMark(from, to, type)) return;
  const code = tr.doc.type.schema.marks.code;
  if (code && tr.doc.rangeHasMark(from, to, code)) return;
  tr.addMark(from, to, type.create({ href }));
}

/** Links the URLs of the text between `from` and `to` (a paste), as the paste rule does. */
function linkPasted(tr: Transaction, from: number, to: number, type: MarkType, prefix: string): void {
  tr.doc.nodesBetween(from, to, (node, pos) => {
    if (!node.isTextblock) return true;
    if (node.type.spec.code) return false;
    // One character per text character and per inline leaf: offsets in the text are offsets in the block.
    const text = node.textBetween(0, node.content.size, undefined, '\ufffc');
    for (const match of findLinks(text, prefix)) {
      const start = pos + 1 + (match.index ?? 0);
      const end = start + match.text.length;
      const href: unknown = match.data?.href;
      if (start >= from && end <= to && typeof href === 'string') linkRange(tr, start, end, href, type);
    }
    return false;
  });
}

/** Where autolinking could not look while linkify was still loading: ends of typed words, pasted ranges. */
interface Missed {
  words: readonly number[];
  pasted: readonly { from: number; to: number }[];
}

const NOTHING_MISSED: Missed = { words: [], pasted: [] };
/** Bounds what is remembered while linkify loads (it normally takes milliseconds). */
const MAX_MISSED = 64;
const autolinkKey = new PluginKey<Missed>('tandemAutolink');

function mapMissed(missed: Missed, tr: Transaction): Missed {
  if (!tr.docChanged || (missed.words.length === 0 && missed.pasted.length === 0)) return missed;
  return {
    words: missed.words.map((pos) => tr.mapping.map(pos, -1)),
    pasted: missed.pasted
      .map(({ from, to }) => ({ from: tr.mapping.map(from, 1), to: tr.mapping.map(to, -1) }))
      .filter(({ from, to }) => to > from),
  };
}

/** The autolinking linkify could not do before it arrived, for the words and pastes still as they were. */
function catchUp(state: EditorState, type: MarkType, prefix: string): Transaction | null {
  const missed = autolinkKey.getState(state);
  if (!missed || (missed.words.length === 0 && missed.pasted.length === 0)) return null;
  const tr = state.tr.setMeta(autolinkKey, 'clear').setMeta('preventAutolink', true);
  for (const pos of missed.words) {
    if (pos < 0 || pos > tr.doc.content.size) continue;
    const $pos = tr.doc.resolve(pos);
    // Only a word that is still finished: followed by white space or the end of its block.
    const next = $pos.parent.textBetween($pos.parentOffset, Math.min($pos.parent.content.size, $pos.parentOffset + 1));
    if (next === '' || /\s/.test(next)) linkWordBefore(tr, pos, type, prefix);
  }
  for (const { from, to } of missed.pasted) {
    if (to <= tr.doc.content.size) linkPasted(tr, from, to, type, prefix);
  }
  return tr;
}

/**
 * Links the word before the caret when the author ends it with a space, Enter or a line break.
 * Only small local insertions are looked at (one keystroke), never remote changes or the whole doc.
 * Words ended and text pasted before linkify arrived are linked once it is there.
 */
export function autolinkPlugin(type: MarkType, prefix: string): Plugin<Missed> {
  return new Plugin<Missed>({
    key: autolinkKey,
    state: {
      init: () => NOTHING_MISSED,
      apply(tr, missed) {
        const meta: unknown = tr.getMeta(autolinkKey);
        if (meta === 'clear') return NOTHING_MISSED;
        const mapped = mapMissed(missed, tr);
        if (typeof meta !== 'object' || meta === null) return mapped;
        const added = meta as Missed;
        return {
          words: [...mapped.words, ...added.words].slice(-MAX_MISSED),
          pasted: [...mapped.pasted, ...added.pasted].slice(-MAX_MISSED),
        };
      },
    },
    view(view) {
      let live = true;
      if (!linkifyFind()) {
        void whenLinkifyLoaded().then(() => {
          const tr = live ? catchUp(view.state, type, prefix) : null;
          if (tr) view.dispatch(tr);
        });
      }
      return {
        destroy: () => {
          live = false;
        },
      };
    },
    appendTransaction(transactions, oldState, newState) {
      if (!transactions.some((tr) => tr.docChanged)) return null;
      if (transactions.some((tr) => tr.getMeta('preventAutolink') === true || isRemote(tr))) return null;
      if (!newState.selection.empty) return null;
      const ready = linkifyFind() !== null;
      const missed = { words: [] as number[], pasted: [] as { from: number; to: number }[] };
      const pasted = transactions.some((tr) => tr.getMeta('uiEvent') === 'paste');
      const { doc } = newState;
      const tr = newState.tr;
      for (const { newRange } of getChangedRanges(combineTransactionSteps(oldState.doc, [...transactions]))) {
        const { from, to } = newRange;
        if (!ready && pasted && to > from) missed.pasted.push({ from, to });
        if (to - from > 4 || to <= from) continue;
        const $from = doc.resolve(from);
        const parent = $from.parent;
        if (!parent.isTextblock || parent.type.spec.code) continue;
        const inserted = doc.textBetween(from, to, '\n', '\n');
        const endsWord = /^\s/.test(inserted) || !$from.sameParent(doc.resolve(to));
        if (!endsWord) continue;
        if (ready) linkWordBefore(tr, from, type, prefix);
        else missed.words.push(from);
      }
      if (missed.words.length > 0 || missed.pasted.length > 0) return tr.setMeta(autolinkKey, missed);
      return tr.steps.length > 0 ? tr.setMeta('preventAutolink', true) : null;
    },
  });
}

/** Pasting plain text links its URLs, keeping links the pasted HTML already had. */
export function linkPasteRule(type: MarkType, prefix: string): PasteRule {
  return new PasteRule({
    find: (text) => findLinks(text, prefix),
    handler: ({ state, range, match }) => {
      const href: unknown = match.data?.href;
      if (typeof href !== 'string' || state.doc.rangeHasMark(range.from, range.to, type)) return;
      state.tr.addMark(range.from, range.to, type.create({ href }));
    },
  });
}

/** Pasting a bare URL while text is selected turns the selection into a link to it. */
export function pasteOnSelectionStep(type: MarkType, prefix: string): PasteStep {
  return {
    stage: 'links',
    handle(view, _event, slice) {
      const { selection } = view.state;
      if (selection.empty) return false;
      const text = slice.content.textBetween(0, slice.content.size, ' ', ' ').trim();
      if (!text || /\s/.test(text)) return false;
      const found = detectLink(text, prefix);
      if (!found || found.start !== 0 || found.end !== text.length) return false;
      view.dispatch(
        view.state.tr
          .addMark(selection.from, selection.to, type.create({ href: found.href }))
          .setMeta('preventAutolink', true),
      );
      return true;
    },
  };
}
