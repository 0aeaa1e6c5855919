import { Extension } from '@tiptap/core';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    clearFormatting: {
      /** Removes every inline format (not links) from the selection, or the caret's pending formats. */
      clearFormatting: () => ReturnType;
    };
  }
}

/** Marks that are content rather than formatting, kept by Clear Formatting (like the baseline). */
const KEPT_MARKS = new Set(['link']);

export const ClearFormatting = Extension.create({
  name: 'clearFormatting',

  addCommands() {
    return {
      clearFormatting:
        () =>
        ({ tr, state, dispatch, editor }) => {
          const kept = new Set([...KEPT_MARKS, ...editor.extensionManager.nonClearableMarks]);
          const types = Object.values(state.schema.marks).filter((type) => !kept.has(type.name));
          if (dispatch) {
            const { selection } = tr;
            if (selection.empty) {
              tr.setStoredMarks((tr.storedMarks ?? selection.$from.marks()).filter((m) => kept.has(m.type.name)));
            }
            // All removals in this one transaction: one undo step.
            for (const { $from, $to } of selection.ranges) {
              for (const type of types) tr.removeMark($from.pos, $to.pos, type);
            }
          }
          return true;
        },
    };
  },
});
