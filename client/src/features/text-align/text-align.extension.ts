import { Extension, type Editor } from '@tiptap/core';
import type { EditorState } from '@tiptap/pm/state';
import { readAttrs } from '@shared/document/model/attribute-model';
import { textAlignments, type TextAlignment } from '@shared/document/model/validators';

export const alignments = textAlignments;
export type Alignment = TextAlignment;

/** Blocks that carry their own alignment. */
const blockTypes = ['paragraph', 'heading'];
/** Table cells (a later capability): a caret in a cell aligns the cell, not its paragraphs. */
const cellTypes = ['tableCell', 'tableHeader'];

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    alignBlocks: {
      /** Aligns every block of the selection (cells instead of their paragraphs); left = no style. */
      alignBlocks: (alignment: Alignment) => ReturnType;
    };
  }
}

/** The alignment of the block at the start of the selection (its cell's when the block has none). */
export function currentAlignment(state: EditorState): Alignment {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const value: unknown = readAttrs($from.node(depth)).textAlign;
    if (typeof value === 'string' && (alignments as readonly string[]).includes(value)) return value as Alignment;
  }
  return 'left';
}

export function isAligned(editor: Editor, alignment: Alignment): boolean {
  return currentAlignment(editor.state) === alignment;
}

/**
 * Aligning blocks: the model declares `textAlign` on paragraphs and headings; this command treats left as
 * "no alignment" (Froala leaves no empty `style`) and aligns a table cell as a whole.
 */
export const BlockTextAlign = Extension.create({
  name: 'textAlign',

  addCommands() {
    return {
      alignBlocks:
        (alignment) =>
        ({ state, tr, dispatch }) => {
          const value = alignment === 'left' ? null : alignment;
          let found = false;
          for (const range of state.selection.ranges) {
            state.doc.nodesBetween(range.$from.pos, range.$to.pos, (node, pos, parent) => {
              const name = node.type.name;
              if (cellTypes.includes(name)) {
                found = true;
                if (dispatch && node.attrs.textAlign !== value) tr.setNodeAttribute(pos, 'textAlign', value);
                return true;
              }
              if (!blockTypes.includes(name)) return !node.isTextblock;
              found = true;
              // A paragraph in a cell follows the cell.
              const own = parent && cellTypes.includes(parent.type.name) ? null : value;
              if (dispatch && node.attrs.textAlign !== own) tr.setNodeAttribute(pos, 'textAlign', own);
              return false;
            });
          }
          return found;
        },
    };
  },
  addKeyboardShortcuts() {
    return {
      'Mod-Shift-l': () => this.editor.commands.alignBlocks('left'),
      'Mod-Shift-r': () => this.editor.commands.alignBlocks('right'),
      'Mod-Shift-j': () => this.editor.commands.alignBlocks('justify'),
    };
  },
});
