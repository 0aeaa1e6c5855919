import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './char-grid.css';

export interface CharGridItem {
  /** The text inserted (one character, or an emoji sequence). */
  char: string;
  /** Accessible name and tooltip. */
  label: string;
}

interface Props {
  items: readonly CharGridItem[];
  /** Accessible name of the grid. */
  label: string;
  onPick: (char: string) => void;
  /** What a cell shows instead of its text (an icon's drawing); `char` is then only its key. */
  render?: (item: CharGridItem) => ReactNode;
}

/** Columns as the browser laid them out, so Up/Down move by one visual row. */
function columnsOf(grid: HTMLElement | null): number {
  if (!grid) return 1;
  const tracks = getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length;
  return Math.max(1, tracks);
}

/**
 * A grid of character buttons (special characters, emoji) with one tab stop and arrow-key navigation.
 * Remount it (`key`) when its items change so the roving position starts at the first cell.
 */
export function CharGrid({ items, label, onPick, render }: Props) {
  const [active, setActive] = useState(0);
  const gridRef = useRef<HTMLDivElement>(null);

  const focusCell = (index: number): void => {
    const next = Math.min(Math.max(index, 0), items.length - 1);
    setActive(next);
    const cell = gridRef.current?.children[next];
    if (cell instanceof HTMLElement) cell.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const columns = columnsOf(gridRef.current);
    if (event.key === 'ArrowRight') focusCell(active + 1);
    else if (event.key === 'ArrowLeft') focusCell(active - 1);
    else if (event.key === 'ArrowDown') focusCell(active + columns);
    else if (event.key === 'ArrowUp') focusCell(active - columns);
    else if (event.key === 'Home') focusCell(event.ctrlKey ? 0 : active - (active % columns));
    else if (event.key === 'End')
      focusCell(event.ctrlKey ? items.length - 1 : active - (active % columns) + columns - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div ref={gridRef} role="group" aria-label={label} className="char-grid" onKeyDown={onKeyDown}>
      {items.map((item, index) => (
        <button
          key={`${item.char}-${index}`}
          type="button"
          className="char-grid-cell"
          data-char={item.char}
          tabIndex={index === active ? 0 : -1}
          aria-label={item.label}
          title={item.label}
          onFocus={() => setActive(index)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(item.char)}
        >
          {render ? render(item) : item.char}
        </button>
      ))}
    </div>
  );
}
