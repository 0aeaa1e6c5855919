import { Extension, type Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Selection, type Command, type Transaction } from '@tiptap/pm/state';
import { closeUndoGroup } from '../../editor/core/undo-step';

export type MoveDirection = 'up' | 'down';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    draggable: {
      /** Moves the top-level block(s) holding the selection one block up. */
      moveBlockUp: () => ReturnType;
      /** Moves the top-level block(s) holding the selection one block down. */
      moveBlockDown: () => ReturnType;
    };
  }
}

/** What a move reads: a state or a transaction in progress. */
interface DocAndSelection {
  doc: ProseMirrorNode;
  selection: Selection;
}

/** Indexes (in the document's children) of the first and last top-level block the selection touches. */
export function selectedBlocks({ doc, selection }: DocAndSelection): { first: number; last: number } | null {
  const { $from, $to, empty } = selection;
  // A caret between blocks (gap cursor) is held by no block.
  if (empty && $from.depth === 0) return null;
  const first = $from.index(0);
  // A node selection ends after its block, at depth 0: the block is the one before that point.
  let last = $to.depth === 0 ? $to.index(0) - 1 : $to.index(0);
  // A range ending at the very start of the next block (triple click) does not take that block along.
  if (!empty && last > first && $to.depth > 0 && $to.pos === $to.start(1)) last -= 1;
  if (first < 0 || last < first || last >= doc.childCount) return null;
  return { first, last };
}

function offsetOfChild(doc: ProseMirrorNode, index: number): number {
  let pos = 0;
  for (let i = 0; i < index; i += 1) pos += doc.child(i).nodeSize;
  return pos;
}

/** Whether the selected blocks have a neighbour on that side. */
export function canMoveBlocks(current: DocAndSelection, direction: MoveDirection): boolean {
  const range = selectedBlocks(current);
  if (!range) return false;
  return direction === 'up' ? range.first > 0 : range.last + 1 < current.doc.childCount;
}

/**
 * Moves the selected blocks past their neighbour within `tr` (one transaction: one collaborative change,
 * one undo step). The neighbour is what actually moves, so the selected blocks keep their identity.
 */
export function moveBlocksIn(tr: Transaction, direction: MoveDirection): boolean {
  const range = selectedBlocks(tr);
  if (!range || !canMoveBlocks(tr, direction)) return false;
  const { doc, selection } = tr;
  const neighbourIndex = direction === 'up' ? range.first - 1 : range.last + 1;
  const neighbour = doc.child(neighbourIndex);
  const neighbourPos = offsetOfChild(doc, neighbourIndex);
  const rangeStart = offsetOfChild(doc, range.first);
  const rangeEnd = offsetOfChild(doc, range.last + 1);
  tr.delete(neighbourPos, neighbourPos + neighbour.nodeSize);
  // Moving down: the neighbour below goes before the range; moving up: the one above goes after it.
  tr.insert(direction === 'down' ? rangeStart : rangeEnd - neighbour.nodeSize, neighbour);

  // Shift the selection exactly with its blocks (mapping would stretch a selection at a block boundary).
  const shift = direction === 'down' ? neighbour.nodeSize : -neighbour.nodeSize;
  const json = selection.toJSON() as Record<string, unknown>;
  for (const key of ['anchor', 'head']) {
    const value = json[key];
    if (typeof value === 'number') json[key] = value + shift;
  }
  try {
    tr.setSelection(Selection.fromJSON(tr.doc, json));
  } catch {
    // Unknown selection type: keep the mapped selection.
  }
  tr.scrollIntoView();
  return true;
}

/** The move as a plain ProseMirror command. */
export function moveBlocks(direction: MoveDirection): Command {
  return (state, dispatch) => {
    if (!canMoveBlocks(state, direction)) return false;
    if (dispatch) {
      const { tr } = state;
      moveBlocksIn(tr, direction);
      dispatch(tr);
    }
    return true;
  };
}

/** Runs the move as its own undo step, never merged with typing just before or after it. */
export function moveBlockAsStep(editor: Editor, direction: MoveDirection): boolean {
  closeUndoGroup(editor);
  const moved = direction === 'up' ? editor.commands.moveBlockUp() : editor.commands.moveBlockDown();
  closeUndoGroup(editor);
  return moved;
}

/** Alt+Shift+↑/↓ move the block holding the caret (or the selected blocks). */
export const BlockMover = Extension.create({
  name: 'blockMover',

  addCommands() {
    return {
      moveBlockUp:
        () =>
        ({ tr, dispatch }) =>
          dispatch ? moveBlocksIn(tr, 'up') : canMoveBlocks(tr, 'up'),
      moveBlockDown:
        () =>
        ({ tr, dispatch }) =>
          dispatch ? moveBlocksIn(tr, 'down') : canMoveBlocks(tr, 'down'),
    };
  },

  addKeyboardShortcuts() {
    return {
      // Swallow the keys even at the document edge, so the browser does not move the caret instead.
      'Alt-Shift-ArrowUp': ({ editor }) => {
        moveBlockAsStep(editor, 'up');
        return true;
      },
      'Alt-Shift-ArrowDown': ({ editor }) => {
        moveBlockAsStep(editor, 'down');
        return true;
      },
    };
  },
});
