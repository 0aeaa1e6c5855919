import { combineTransactionSteps, getChangedRanges, PasteRule } from '@tiptap/core';
import type { MarkType } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import type { PasteStep } from '../../editor/core/paste-pipeline';
import { linkDetection, loadLinkDetection, whenLinkDetectionLoaded } from './link-linkify';

function isRemote(tr: Transaction): boolean {
  const meta: unknown = tr.getMeta(ySyncPluginKey);
  return typeof meta === 'object' && meta !== null && 'isChangeOrigin' in meta && meta.isChangeOrigin === true;
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
  const detection = linkDetection();
  const missed = autolinkKey.getState(state);
  if (!detection) return null;
  if (!missed || (missed.words.length === 0 && missed.pasted.length === 0)) return null;
  const tr = state.tr.setMeta(autolinkKey, 'clear').setMeta('preventAutolink', true);
  for (const pos of missed.words) {
    if (pos < 0 || pos > tr.doc.content.size) continue;
    const $pos = tr.doc.resolve(pos);
    // Only a word that is still finished: followed by white space or the end of its block.
    const next = $pos.parent.textBetween($pos.parentOffset, Math.min($pos.parent.content.size, $pos.parentOffset + 1));
    if (next === '' || /\s/.test(next)) detection.linkWordBefore(tr, pos, type, prefix);
  }
  for (const { from, to } of missed.pasted) {
    if (to <= tr.doc.content.size) detection.linkPasted(tr, from, to, type, prefix);
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
      if (!linkDetection()) {
        void whenLinkDetectionLoaded().then(() => {
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
      const detection = linkDetection();
      const missed = { words: [] as number[], pasted: [] as { from: number; to: number }[] };
      const pasted = transactions.some((tr) => tr.getMeta('uiEvent') === 'paste');
      const { doc } = newState;
      const tr = newState.tr;
      for (const { newRange } of getChangedRanges(combineTransactionSteps(oldState.doc, [...transactions]))) {
        const { from, to } = newRange;
        if (!detection && pasted && to > from) missed.pasted.push({ from, to });
        if (to - from > 4 || to <= from) continue;
        const $from = doc.resolve(from);
        const parent = $from.parent;
        if (!parent.isTextblock || parent.type.spec.code) continue;
        const inserted = doc.textBetween(from, to, '\n', '\n');
        const endsWord = /^\s/.test(inserted) || !$from.sameParent(doc.resolve(to));
        if (!endsWord) continue;
        if (detection) detection.linkWordBefore(tr, from, type, prefix);
        else missed.words.push(from);
      }
      if (missed.words.length > 0 || missed.pasted.length > 0) {
        // The first finished word or paste is when the detection is first needed.
        void loadLinkDetection();
        return tr.setMeta(autolinkKey, missed);
      }
      return tr.steps.length > 0 ? tr.setMeta('preventAutolink', true) : null;
    },
  });
}

/** Pasting plain text links its URLs, keeping links the pasted HTML already had. */
export function linkPasteRule(type: MarkType, prefix: string): PasteRule {
  return new PasteRule({
    // No links before the detection is there (the autolink plugin links them when it arrives).
    find: (text) => linkDetection()?.findLinks(text, prefix) ?? [],
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
      const found = linkDetection()?.detectLink(text, prefix);
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
