import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { TableLimits } from '@shared/limits';
import { nextCellIndex } from '../../editor/ui/grid-navigation';

const MAX_ROWS = TableLimits.insertGridMaxRows;
const MAX_COLS = TableLimits.insertGridMaxCols;

/**
 * The grid picker (FROALA-REFERENCE §27): hovering or arrow keys highlight a size up to 10 × 10, the
 * label says "R × C", a click or Enter inserts. One roving tab stop; the grid wraps like the colour grids.
 */
export function TableGrid({ onPick }: { onPick: (rows: number, cols: number) => void }) {
  const { t } = useTranslation();
  const [at, setAt] = useState({ row: 1, col: 1 });
  const refs = useRef<Array<HTMLDivElement | null>>([]);
  const count = MAX_ROWS * MAX_COLS;
  const focus = (index: number): void => {
    setAt({ row: Math.floor(index / MAX_COLS) + 1, col: (index % MAX_COLS) + 1 });
    refs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number): void => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick(at.row, at.col);
      return;
    }
    const next = nextCellIndex(event.key, index, count, MAX_COLS);
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    focus(next);
  };
  const size = t('table.size', { rows: at.row, cols: at.col });
  return (
    <div className="table-grid-picker">
      <div role="grid" aria-label={t('table.grid')} className="table-grid">
        {Array.from({ length: MAX_ROWS }, (_, r) => (
          <div role="row" key={r} className="table-grid-row">
            {Array.from({ length: MAX_COLS }, (_, c) => {
              const index = r * MAX_COLS + c;
              const lit = r < at.row && c < at.col;
              const label = t('table.size', { rows: r + 1, cols: c + 1 });
              return (
                <div
                  key={c}
                  ref={(el) => {
                    refs.current[index] = el;
                  }}
                  role="gridcell"
                  aria-label={label}
                  aria-selected={r + 1 === at.row && c + 1 === at.col}
                  tabIndex={r + 1 === at.row && c + 1 === at.col ? 0 : -1}
                  data-size={`${r + 1}x${c + 1}`}
                  className={`table-grid-cell${lit ? ' is-lit' : ''}`}
                  onMouseEnter={() => setAt({ row: r + 1, col: c + 1 })}
                  onFocus={() => setAt({ row: r + 1, col: c + 1 })}
                  onKeyDown={(e) => onKeyDown(e, index)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => onPick(r + 1, c + 1)}
                />
              );
            })}
          </div>
        ))}
      </div>
      <p className="table-grid-label" aria-live="polite">
        {size}
      </p>
    </div>
  );
}
