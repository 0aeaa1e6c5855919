import { Extension } from '@tiptap/core';
import type { EditorState } from '@tiptap/pm/state';
import { allowedInlineClasses } from '@shared/document/model/text-style-model';
import { selectionTextStyles, updateTextStyle } from '../text-style';

export interface InlineClassOptions {
  /**
   * The CSS classes that may be put on a text span; any other class is dropped on parse and render.
   * @default []
   */
  classes: string[];
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    inlineClass: {
      /** Adds the class to the whole selection, or removes it when every part already has it. */
      toggleInlineClass: (className: string) => ReturnType;
    };
  }
}

function classList(attrs: Record<string, unknown>): string[] {
  const value = attrs.inlineClass;
  return typeof value === 'string' && value ? value.split(' ') : [];
}

/** The configured classes that every part of the selection carries. */
export function activeInlineClasses(state: EditorState, classes: readonly string[]): string[] {
  const found: { common?: Set<string> } = {};
  selectionTextStyles(state, (attrs) => {
    const own = classList(attrs);
    const common = new Set(found.common ? own.filter((c) => found.common?.has(c)) : own);
    found.common = common;
    return common.size > 0;
  });
  return classes.filter((c) => found.common?.has(c));
}

/** Toggles the model's `inlineClass` attribute of the textStyle mark (the span's `class`). */
export const InlineClass = Extension.create<InlineClassOptions>({
  name: 'inlineClass',

  addOptions() {
    return { classes: [] };
  },

  addCommands() {
    return {
      toggleInlineClass:
        (className) =>
        ({ state, tr, dispatch }) => {
          if (!this.options.classes.includes(className)) return false;
          const remove = activeInlineClasses(state, [className]).length > 0;
          if (dispatch) {
            updateTextStyle(tr, (attrs) => {
              const own = classList(attrs).filter((c) => c !== className);
              const next = remove ? own : [...own, className];
              return { ...attrs, inlineClass: allowedInlineClasses(next.join(' '), this.options.classes) };
            });
          }
          return true;
        },
    };
  },
});
