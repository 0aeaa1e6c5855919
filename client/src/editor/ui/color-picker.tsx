import { Ban, Check } from 'lucide-react';
import { Icon } from './icon';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ColorLimits } from '@shared/limits';
import { isDarkColor, parseHexInput, sameColor } from '@shared/document/model/color-value';
import { nextCellIndex } from './grid-navigation';
import { pushRecentColor, readRecentColors, type ColorKind } from './recent-colors';
import { colorPickerStrings } from './color-picker.strings';

/** English strings of this chunk (lazy/ adds them when it arrives). */
export const strings = { colorPicker: colorPickerStrings };

const PER_ROW = ColorLimits.presetsPerRow;

/** One swatch: a colour, or the eraser (`color: null`). */
interface Cell {
  key: string;
  color: string | null;
  label: string;
}

export interface ColorPickerProps {
  /** Which recently used colours the picker shows and remembers. */
  kind: ColorKind;
  presets: readonly string[];
  current: string | null;
  /** Applies a colour, or removes it (`null`, the eraser). */
  onPick: (color: string | null) => void;
  onDone: () => void;
  /** Swatches per row (the table's cell background has its own step). */
  perRow?: number;
}

/** The popup: recently used row, presets + eraser grid, hex field with OK (also the table's cell background). */
export function ColorPicker({ kind, presets, current, onPick, onDone, perRow = PER_ROW }: ColorPickerProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const [recent] = useState(() => readRecentColors(kind));
  const [hex, setHex] = useState(current?.startsWith('#') ? current : '');
  const [invalid, setInvalid] = useState(false);

  const apply = (color: string | null): void => {
    onPick(color);
    if (color !== null) pushRecentColor(kind, color);
    onDone();
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const color = parseHexInput(hex);
    if (color) apply(color);
    else setInvalid(true);
  };

  // Keyed by position: an operator's preset list may repeat a colour.
  const swatch = (color: string, i: number): Cell => ({ key: `${i}${color}`, color, label: color.toUpperCase() });
  const presetCells: Cell[] = [...presets.map(swatch), { key: 'remove', color: null, label: t('colorPicker.remove') }];
  return (
    <div className="colors-picker">
      {recent.length > 0 && (
        <SwatchGrid
          label={t('colorPicker.recent')}
          cells={recent.map(swatch)}
          current={current}
          onApply={apply}
          perRow={perRow}
        />
      )}
      <SwatchGrid
        label={t('colorPicker.presets')}
        cells={presetCells}
        current={current}
        onApply={apply}
        perRow={perRow}
        autoFocus
      />
      <form className="colors-hex" onSubmit={submit} noValidate>
        <input
          type="text"
          aria-label={t('colorPicker.hexColor')}
          placeholder={t('colorPicker.hexColor')}
          maxLength={ColorLimits.hexInputMaxChars}
          value={hex}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => {
            setHex(e.target.value);
            setInvalid(false);
          }}
        />
        <button type="submit" className="colors-ok">
          {t('colorPicker.ok')}
        </button>
        {invalid && (
          <p id={errorId} role="alert" className="colors-error">
            {t('colorPicker.invalidHex')}
          </p>
        )}
      </form>
    </div>
  );
}

interface GridProps {
  label: string;
  cells: Cell[];
  current: string | null;
  onApply: (color: string | null) => void;
  /** Focus the marked (or first) swatch when the popup opens. */
  autoFocus?: boolean;
  perRow: number;
}

/** A WAI-ARIA grid of swatches with one roving tab stop; Enter or Space applies the focused one. */
function SwatchGrid({ label, cells, current, onApply, autoFocus = false, perRow }: GridProps) {
  const marked = cells.findIndex((c) => sameColor(c.color, current));
  const [focusIndex, setFocusIndex] = useState(Math.max(0, marked));
  const refs = useRef<Array<HTMLDivElement | null>>([]);
  const initial = useRef(Math.max(0, marked));

  useEffect(() => {
    if (autoFocus) refs.current[initial.current]?.focus();
  }, [autoFocus]);

  const onKeyDown = (event: KeyboardEvent, index: number, cell: Cell): void => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onApply(cell.color);
      return;
    }
    const next = nextCellIndex(event.key, index, cells.length, perRow);
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    setFocusIndex(next);
    refs.current[next]?.focus();
  };

  const rows: Cell[][] = [];
  for (let i = 0; i < cells.length; i += perRow) rows.push(cells.slice(i, i + perRow));
  return (
    <div role="grid" aria-label={label} className="colors-grid">
      {rows.map((row, r) => (
        <div role="row" key={r} className="colors-row">
          {row.map((cell, c) => {
            const index = r * perRow + c;
            const selected = index === marked;
            return (
              <div
                key={cell.key}
                ref={(el) => {
                  refs.current[index] = el;
                }}
                role="gridcell"
                tabIndex={index === focusIndex ? 0 : -1}
                aria-label={cell.label}
                aria-selected={selected}
                title={cell.label}
                data-color={cell.color ?? 'remove'}
                className={`colors-swatch${cell.color === null ? ' colors-eraser' : ''}${
                  cell.color && isDarkColor(cell.color) ? ' is-dark' : ''
                }`}
                style={cell.color ? { background: cell.color } : undefined}
                onFocus={() => setFocusIndex(index)}
                onKeyDown={(e) => onKeyDown(e, index, cell)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onApply(cell.color)}
              >
                {selected ? <Icon of={Check} /> : cell.color === null ? <Icon of={Ban} /> : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

export default ColorPicker;
