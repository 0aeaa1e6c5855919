import { ColorLimits } from '@shared/limits';

/** Where an arrow key leads in a grid of `count` cells, `perRow` wide; every direction wraps. */
export function nextCellIndex(
  key: string,
  index: number,
  count: number,
  perRow: number = ColorLimits.presetsPerRow,
): number | null {
  const column = index % perRow;
  const rowStart = index - column;
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'ArrowDown':
      return index + perRow < count ? index + perRow : column;
    case 'ArrowUp': {
      if (index >= perRow) return index - perRow;
      const lastRowStart = Math.floor((count - 1) / perRow) * perRow;
      const below = lastRowStart + column;
      return below < count ? below : below - perRow;
    }
    case 'Home':
      return rowStart;
    case 'End':
      return Math.min(rowStart + perRow, count) - 1;
    default:
      return null;
  }
}
