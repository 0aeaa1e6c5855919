import { getStyleProperty, type Editor } from '@tiptap/core';
import { BackgroundColor, Color } from '@tiptap/extension-text-style';
import { normalizeCssColor } from '@shared/document/color-value';
import type { ColorKind } from './recent-colors';

/** The `textStyle` attribute and CSS property of each picker. */
export const COLOR_ATTRIBUTE = { text: 'color', background: 'backgroundColor' } as const;
const CSS_PROPERTY = { text: 'color', background: 'background-color' } as const;

function colorAttribute(kind: ColorKind) {
  const css = CSS_PROPERTY[kind];
  const attr = COLOR_ATTRIBUTE[kind];
  return {
    default: null,
    // Imported HTML (paste, the baseline's `rgb()` spans) is reduced to a safe, canonical value.
    parseHTML: (element: HTMLElement) => normalizeCssColor(getStyleProperty(element, css)),
    // A peer's document is not trusted either: only a valid colour is ever written into `style`.
    renderHTML: (attributes: Record<string, unknown>) => {
      const raw = attributes[attr];
      const value = typeof raw === 'string' ? normalizeCssColor(raw) : null;
      return value ? { style: `${css}: ${value}` } : {};
    },
  };
}

/** Text colour on the shared `textStyle` mark (`<span style="color: #E25041">`). */
export const TextColor = Color.extend({
  addGlobalAttributes() {
    return [{ types: this.options.types, attributes: { color: colorAttribute('text') } }];
  },
});

/** Background colour on the shared `textStyle` mark (`<span style="background-color: …">`). */
export const TextBackgroundColor = BackgroundColor.extend({
  addGlobalAttributes() {
    return [{ types: this.options.types, attributes: { backgroundColor: colorAttribute('background') } }];
  },
});

/** The colour of this kind at the caret (or the selection's start), or null. */
export function colorAt(editor: Editor, kind: ColorKind): string | null {
  const value: unknown = editor.getAttributes('textStyle')[COLOR_ATTRIBUTE[kind]];
  return typeof value === 'string' ? normalizeCssColor(value) : null;
}

/** Colours the selection (or what is typed next at the caret): one transaction, one undo step. */
export function applyColor(editor: Editor, kind: ColorKind, color: string): boolean {
  const chain = editor.chain().focus();
  return (kind === 'text' ? chain.setColor(color) : chain.setBackgroundColor(color)).run();
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
