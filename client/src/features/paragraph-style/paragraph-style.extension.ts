import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import type { EditorState } from '@tiptap/pm/state';
import { readAttrs } from '@shared/document/model/attribute-model';

export interface ParagraphStyleOptions {
  /**
   * The block types that can carry a paragraph style.
   * @default ['paragraph', 'heading']
   */
  types: string[];
  /**
   * The allowed class names (`options.paragraphStyles` values); other classes never survive parsing.
   * @default []
   */
  classes: string[];
  /**
   * Several styles on one block at once; otherwise choosing one removes the others.
   * @default true
   */
  multiple: boolean;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    paragraphStyle: {
      /** Adds or removes the class on every selected block, as decided by the first block. */
      toggleParagraphStyle: (className: string) => ReturnType;
    };
  }
}

function classesOf(node: PmNode): string[] {
  const value: unknown = readAttrs(node).class;
  return typeof value === 'string' && value ? value.split(' ') : [];
}

/** The styles of the block at the start of the selection. */
export function currentParagraphStyles(state: EditorState): string[] {
  return classesOf(state.selection.$from.parent);
}

/** Toggles the model's block attribute `class`: the configured paragraph styles (FROALA-REFERENCE §23). */
export const ParagraphStyle = Extension.create<ParagraphStyleOptions>({
  name: 'paragraphStyle',

  addOptions() {
    return { types: ['paragraph', 'heading'], classes: [], multiple: true };
  },

  addCommands() {
    return {
      toggleParagraphStyle:
        (className) =>
        ({ state, tr, dispatch }) => {
          if (!this.options.classes.includes(className)) return false;
          const blocks: Array<{ node: PmNode; pos: number }> = [];
          for (const range of state.selection.ranges) {
            state.doc.nodesBetween(range.$from.pos, range.$to.pos, (node, pos) => {
              if (!this.options.types.includes(node.type.name)) return !node.isTextblock;
              blocks.push({ node, pos });
              return false;
            });
          }
          const first = blocks[0];
          if (!first) return false;
          const remove = classesOf(first.node).includes(className);
          if (dispatch) {
            for (const { node, pos } of blocks) {
              const others = classesOf(node).filter((c) => c !== className);
              const next = remove ? others : this.options.multiple ? [...others, className] : [className];
              tr.setNodeAttribute(pos, 'class', next.length ? next.join(' ') : null);
            }
          }
          return true;
        },
    };
  },
});
