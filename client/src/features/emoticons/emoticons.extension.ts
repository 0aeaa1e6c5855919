import { Extension, type Editor } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { ReplaceStep } from '@tiptap/pm/transform';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import type { EditorView } from '@tiptap/pm/view';
import { insertTextAtCaret } from '../../editor/core/insert-text';
import { loadEmojiData, peekEmojiData } from './emoticons.data';

/** `:shortcode:` right before the caret, not glued to a preceding letter or digit (`10:30:` stays). */
const closedShortcode = /(?<![\p{L}\p{N}]):([a-z0-9_+-]{1,60}):$/iu;

/** Puts the emoji at the caret (replacing a selection) as one undo step. */
export function insertEmoji(editor: Editor, char: string): boolean {
  return insertTextAtCaret(editor, char);
}

/** Where `…:code:` + `typed` (about to be inserted at from–to) should be replaced, and by which emoji. */
export function shortcodeReplacement(
  state: EditorState,
  from: number,
  to: number,
  typed: string,
  shortcodes: ReadonlyMap<string, string>,
): { from: number; to: number; emoji: string } | null {
  const $from = state.doc.resolve(from);
  if ($from.parent.type.spec.code || $from.marks().some((m) => m.type.spec.code)) return null;
  const start = Math.max(0, $from.parentOffset - 64);
  const before = $from.parent.textBetween(start, $from.parentOffset, undefined, '\ufffc');
  const match = closedShortcode.exec(before + typed);
  const code = match?.[1];
  if (!match || code === undefined) return null;
  const emoji = shortcodes.get(code.toLowerCase());
  if (!emoji) return null;
  return { from: from - (match[0].length - typed.length), to, emoji };
}

const key = new PluginKey<number[]>('emojiShortcodes');
/** Colons typed before the shortcode map arrived, at most this many, converted once it is there. */
const MAX_PENDING = 50;

/** Ends of text this author typed ending in `:` (candidate shortcodes), positions after the colon. */
function typedColons(tr: Transaction): number[] {
  if (!tr.docChanged || tr.getMeta(ySyncPluginKey)) return [];
  const ends: number[] = [];
  tr.steps.forEach((step, index) => {
    if (!(step instanceof ReplaceStep) || step.slice.size === 0 || step.slice.size > 64) return;
    const text = step.slice.content.textBetween(0, step.slice.content.size);
    if (text.endsWith(':')) ends.push(tr.mapping.slice(index + 1).map(step.from + step.slice.size, -1));
  });
  return ends;
}

/** After a late load: convert every shortcode completed before the data arrived, in one step. */
function convertPending(view: EditorView): void {
  const data = peekEmojiData();
  const pending = key.getState(view.state) ?? [];
  if (!data || view.isDestroyed || !view.editable || pending.length === 0) return;
  const tr = view.state.tr.setMeta(key, 'clear');
  // From the end backwards, so each replacement leaves the earlier positions where they were.
  for (const pos of [...new Set(pending)].sort((x, y) => y - x)) {
    const hit = shortcodeReplacement(view.state, pos, pos, '', data.shortcodes);
    if (hit) tr.insertText(hit.emoji, hit.from, hit.to);
  }
  view.dispatch(tr);
}

/**
 * Typing `:smile:` turns into 😄. Only a typed colon does any work (no per-keystroke document scan);
 * the first colon starts loading the shortcode map.
 */
export const EmojiShortcodes = Extension.create({
  name: 'emojiShortcodes',
  addProseMirrorPlugins() {
    return [
      new Plugin<number[]>({
        key,
        state: {
          init: () => [],
          apply: (tr, pending) => {
            if (tr.getMeta(key) === 'clear') return [];
            // assoc -1: text typed right after the colon must not carry the position along.
            const mapped = tr.docChanged ? pending.map((p) => tr.mapping.map(p, -1)) : pending;
            // Once the map is here, typed colons convert directly; the pending ones wait for convertPending.
            const added = peekEmojiData() ? [] : typedColons(tr);
            return added.length === 0 ? mapped : [...mapped, ...added].slice(-MAX_PENDING);
          },
        },
        props: {
          handleTextInput(view, from, to, text) {
            if (!text.endsWith(':')) return false;
            const data = peekEmojiData();
            if (!data) {
              loadEmojiData().then(
                () => convertPending(view),
                () => undefined,
              );
              return false;
            }
            const hit = shortcodeReplacement(view.state, from, to, text, data.shortcodes);
            if (!hit) return false;
            view.dispatch(view.state.tr.insertText(hit.emoji, hit.from, hit.to));
            return true;
          },
        },
      }),
    ];
  },
});
