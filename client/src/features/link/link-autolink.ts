import { combineTransactionSteps, getChangedRanges, PasteRule, type PasteRuleMatch } from '@tiptap/core';
import type { MarkType } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import type { PasteStep } from '../../editor/paste-pipeline';
import { normalizeLinkUrl } from '@shared/document/link-url';
import { linkifyFind } from './link-linkify';

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

/**
 * Links the word before the caret when the author ends it with a space, Enter or a line break.
 * Only small local insertions are looked at (one keystroke), never remote changes or the whole doc.
 */
export function autolinkPlugin(type: MarkType, prefix: string): Plugin {
  return new Plugin({
    key: new PluginKey('tandemAutolink'),
    appendTransaction(transactions, oldState, newState) {
      if (!transactions.some((tr) => tr.docChanged)) return null;
      if (transactions.some((tr) => tr.getMeta('preventAutolink') === true || isRemote(tr))) return null;
      if (!newState.selection.empty) return null;
      const { doc } = newState;
      const tr = newState.tr;
      for (const { newRange } of getChangedRanges(combineTransactionSteps(oldState.doc, [...transactions]))) {
        const { from, to } = newRange;
        if (to - from > 4 || to <= from) continue;
        const $from = doc.resolve(from);
        const parent = $from.parent;
        if (!parent.isTextblock || parent.type.spec.code) continue;
        const inserted = doc.textBetween(from, to, '\n', '\n');
        const endsWord = /^\s/.test(inserted) || !$from.sameParent(doc.resolve(to));
        if (!endsWord) continue;
        const offset = $from.parentOffset;
        const before = parent.textBetween(Math.max(0, offset - MAX_WORD), offset, undefined, '\ufffc');
        const word = /\S+$/.exec(before)?.[0];
        if (!word) continue;
        const found = detectLink(word, prefix);
        if (!found) continue;
        const start = from - word.length + found.start;
        const end = from - word.length + found.end;
        if (doc.rangeHasMark(start, end, type)) continue;
        const code = newState.schema.marks.code;
        if (code && doc.rangeHasMark(start, end, code)) continue;
        tr.addMark(start, end, type.create({ href: found.href }));
      }
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
