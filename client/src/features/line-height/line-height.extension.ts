import { Extension } from '@tiptap/core';
import type { EditorState } from '@tiptap/pm/state';
import { readAttrs } from '@shared/document/model/attribute-model';
import { isLineHeight } from '@shared/document/model/validators';

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
  const value: unknown = readAttrs(state.selection.$from.parent).lineHeight;
  return typeof value === 'string' ? value : '';
}

/** Sets the model's block attribute `lineHeight` (`style="line-height: 2"`, FROALA-REFERENCE §21). */
export const BlockLineHeight = Extension.create<LineHeightOptions>({
  // Not `lineHeight`: that is text-style's span-level extension of the same name.
  name: 'blockLineHeight',

  addOptions() {
    return { types: ['paragraph', 'heading'] };
  },

  addCommands() {
    return {
      setBlockLineHeight:
        (value) =>
        ({ state, tr, dispatch }) => {
          const next = value === '' ? null : value;
          if (next !== null && !isLineHeight(next)) return false;
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
