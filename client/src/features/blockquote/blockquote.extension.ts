import { Extension } from '@tiptap/core';
import { NodeRange, type NodeType } from '@tiptap/pm/model';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { findWrapping, liftTarget } from '@tiptap/pm/transform';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    quote: {
      /** Wraps the selected blocks in a new (possibly nested) blockquote. */
      increaseQuote: () => ReturnType;
      /** Lifts the selected blocks out of their nearest blockquote (one level). */
      decreaseQuote: () => ReturnType;
    };
  }
}

/** The innermost range of the selected blocks that a blockquote may wrap (list items: the whole list). */
function wrappableRange(state: EditorState, type: NodeType) {
  const { $from, $to } = state.selection;
  let range = $from.blockRange($to);
  while (range) {
    const wrapping = findWrapping(range, type);
    if (wrapping) return { range, wrapping };
    range = range.depth > 0 ? new NodeRange($from, $to, range.depth - 1) : null;
  }
  return null;
}

export function increaseQuote(state: EditorState, tr?: Transaction): boolean {
  const type = state.schema.nodes.blockquote;
  if (!type) return false;
  const found = wrappableRange(state, type);
  if (!found) return false;
  tr?.wrap(found.range, found.wrapping).scrollIntoView();
  return true;
}

/** Start positions of the innermost blockquote around each selected textblock, last first. */
function quotesAroundSelection(state: EditorState): number[] {
  const { from, to } = state.selection;
  const found = new Set<number>();
  state.doc.nodesBetween(from, to, (node, pos) => {
    if (!node.isTextblock) return true;
    const $inside = state.doc.resolve(pos + 1);
    for (let depth = $inside.depth; depth > 0; depth -= 1) {
      if ($inside.node(depth).type.name === 'blockquote') {
        found.add($inside.before(depth));
        break;
      }
    }
    return false;
  });
  return [...found].sort((x, y) => y - x);
}

/** Unwraps the nearest blockquote around each selected block (one level). */
export function decreaseQuote(state: EditorState, tr?: Transaction): boolean {
  const quotes = quotesAroundSelection(state);
  if (quotes.length === 0) return false;
  if (!tr) return true;
  // Last first: lifting a quote only moves what follows its start, so earlier starts stay valid.
  for (const pos of quotes) {
    const quote = tr.doc.nodeAt(pos);
    if (!quote) continue;
    const range = tr.doc.resolve(pos + 1).blockRange(tr.doc.resolve(pos + quote.nodeSize - 1));
    const target = range ? liftTarget(range) : null;
    if (range && target !== null) tr.lift(range, target);
  }
  tr.scrollIntoView();
  return true;
}

/** Froala's Quote Increase / Decrease with Ctrl/Cmd+' and Ctrl/Cmd+Shift+'. */
export const QuoteLevels = Extension.create({
  name: 'quoteLevels',
  addCommands() {
    return {
      increaseQuote:
        () =>
        ({ state, tr, dispatch }) =>
          increaseQuote(state, dispatch ? tr : undefined),
      decreaseQuote:
        () =>
        ({ state, tr, dispatch }) =>
          decreaseQuote(state, dispatch ? tr : undefined),
    };
  },
  addKeyboardShortcuts() {
    return {
      "Mod-'": () => this.editor.commands.increaseQuote(),
      "Mod-Shift-'": () => this.editor.commands.decreaseQuote(),
    };
  },
});
