import { Extension } from '@tiptap/core';
import type { EditorState } from '@tiptap/pm/state';

/** A unitless number or a length/percentage; anything else in pasted HTML is dropped. */
const validLineHeight = /^(?:\d{1,3}(?:\.\d{1,3})?|\.\d{1,3})(?:px|em|rem|%)?$/;

export interface LineHeightOptions {
  /**
   * The block types that can carry a line height.
   * @default ['paragraph', 'heading']
   */
  types: string[];
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    blockLineHeight: {
      /** Sets the line height of every selected block; an empty value removes it (Default). */
      setBlockLineHeight: (value: string) => ReturnType;
    };
  }
}

/** The line height of the block at the start of the selection ('' = none). */
export function currentLineHeight(state: EditorState): string {
  const value: unknown = state.selection.$from.parent.attrs.lineHeight;
  return typeof value === 'string' ? value : '';
}

/** Block attribute `lineHeight`, rendered as `style="line-height: 2"` (FROALA-REFERENCE §21). */
export const BlockLineHeight = Extension.create<LineHeightOptions>({
  // Not `lineHeight`: that is text-style's span-level extension of the same name.
  name: 'blockLineHeight',

  addOptions() {
    return { types: ['paragraph', 'heading'] };
  },

  addGlobalAttributes() {
    return [
      {
        types: this.options.types,
        attributes: {
          lineHeight: {
            default: null,
            parseHTML: (element) => {
              const value = element.style.lineHeight.trim();
              return validLineHeight.test(value) ? value : null;
            },
            renderHTML: (attributes) =>
              typeof attributes.lineHeight === 'string' && attributes.lineHeight
                ? { style: `line-height: ${attributes.lineHeight}` }
                : {},
          },
        },
      },
    ];
  },

  addCommands() {
    return {
      setBlockLineHeight:
        (value) =>
        ({ state, tr, dispatch }) => {
          const next = value === '' ? null : value;
          if (next !== null && !validLineHeight.test(next)) return false;
          let found = false;
          for (const range of state.selection.ranges) {
            state.doc.nodesBetween(range.$from.pos, range.$to.pos, (node, pos) => {
              if (!this.options.types.includes(node.type.name)) return !node.isTextblock;
              found = true;
              if (dispatch && node.attrs.lineHeight !== next) tr.setNodeAttribute(pos, 'lineHeight', next);
              return false;
            });
          }
          return found;
        },
    };
  },
});
