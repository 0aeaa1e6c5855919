import { Extension, type Editor } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { insertTextAtCaret } from '../../editor/insert-text';
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

/** After a late load: convert a shortcode that was completed before the data arrived. */
function convertAtCaret(view: EditorView): void {
  const data = peekEmojiData();
  const { selection } = view.state;
  if (!data || view.isDestroyed || !view.editable || !selection.empty) return;
  const hit = shortcodeReplacement(view.state, selection.from, selection.from, '', data.shortcodes);
  if (hit) view.dispatch(view.state.tr.insertText(hit.emoji, hit.from, hit.to));
}

const key = new PluginKey('emojiShortcodes');

/**
 * Typing `:smile:` turns into 😄. Only a typed colon does any work (no per-keystroke document scan);
 * the first colon starts loading the shortcode map.
 */
export const EmojiShortcodes = Extension.create({
  name: 'emojiShortcodes',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key,
        props: {
          handleTextInput(view, from, to, text) {
            if (!text.endsWith(':')) return false;
            const data = peekEmojiData();
            if (!data) {
              loadEmojiData().then(
                () => convertAtCaret(view),
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
