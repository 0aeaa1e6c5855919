import type { Editor } from '@tiptap/core';
import { BackgroundColor, Color } from '@tiptap/extension-text-style';
import { normalizeCssColor } from '@shared/document/model/color-value';
import { commandsOf } from '../text-style';
import type { ColorKind } from '../../editor/ui/recent-colors';

/** The `textStyle` attribute of each picker. */
export const COLOR_ATTRIBUTE = { text: 'color', background: 'backgroundColor' } as const;

/** Text colour commands; the model's textStyle mark declares the attribute (`color: #E25041`). */
export const TextColor = commandsOf(Color);

/** Background colour commands (`background-color: …`). */
export const TextBackgroundColor = commandsOf(BackgroundColor);

/** The colour of this kind at the caret (or the selection's start), or null. */
export function colorAt(editor: Editor, kind: ColorKind): string | null {
  const value: unknown = editor.getAttributes('textStyle')[COLOR_ATTRIBUTE[kind]];
  return typeof value === 'string' ? normalizeCssColor(value) : null;
}

/** Colours the selection (or what is typed next at the caret): one transaction, one undo step. */
export function applyColor(editor: Editor, kind: ColorKind, color: string): boolean {
  // Stored as the model stores colours (`#RRGGBB`, `#RRGGBBAA` or a keyword); anything else is refused.
  const value = normalizeCssColor(color);
  if (value === null) return false;
  const chain = editor.chain().focus();
  return (kind === 'text' ? chain.setColor(value) : chain.setBackgroundColor(value)).run();
}

/** Removes this kind of colour from the selection without leaving an empty `<span>` behind. */
export function removeColor(editor: Editor, kind: ColorKind): boolean {
  const chain = editor.chain().focus();
  return (kind === 'text' ? chain.unsetColor() : chain.unsetBackgroundColor())
    .command(({ tr }) => {
      // At a collapsed caret the unset lands in the stored marks; drop a textStyle left with no values.
      const stored = tr.storedMarks?.find((m) => m.type.name === 'textStyle');
      if (stored && !Object.values(stored.attrs).some(Boolean)) tr.removeStoredMark(stored);
      return true;
    })
    .run();
}
