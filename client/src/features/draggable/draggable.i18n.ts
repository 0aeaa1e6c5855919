export const draggableStrings = {
  label: 'Drag',
  tooltip: 'Drag to move this block',
  moveUp: 'Move block up',
  moveDown: 'Move block down',
} as const;
