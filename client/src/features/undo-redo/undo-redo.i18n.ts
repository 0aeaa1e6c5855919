export const undoRedoStrings = {
  undo: 'Undo',
  redo: 'Redo',
} as const;
