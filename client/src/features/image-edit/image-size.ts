import { ImageLimits } from '@shared/limits';
import { parseLength } from '@shared/document/html/image-html';

/** Froala's size rule (FROALA-REFERENCE §16): digits, optionally followed by `px` or `%` (repeatable). */
const SIZE = /^(\d+)((?:px|%)*)$/;
const MAX_AMOUNT = 99_999;

/**
 * The CSS value a Width/Height field stands for, or null when the dimension is cleared
 * (`auto`, '', `10.5px`, `10 px`, `5em`, `0`…). Bare digits mean px; a repeated suffix (`10pxpx`,
 * which the baseline accepts and the browser then ignores) keeps its first unit.
 */
export function parseImageSize(value: string): string | null {
  const match = SIZE.exec(value.trim());
  if (!match) return null;
  const [, digits = '', suffix = ''] = match;
  const amount = Number(digits);
  // Zero or absurd sizes are not kept by the image node either (it would render no width).
  if (amount <= 0 || amount > MAX_AMOUNT) return null;
  return `${String(amount)}${suffix.startsWith('%') ? '%' : 'px'}`;
}

/** What a Width/Height field shows for a stored dimension. */
export function sizeFieldValue(value: string | null): string {
  return value ?? 'auto';
}

type CssLength = NonNullable<ReturnType<typeof parseLength>>;

/** Step of the n-th consecutive Mod-=/Mod-- press (0-based), in percent of the current width. */
export function zoomStepPercent(repeat: number): number {
  return 5 * Math.min(repeat + 1, 5);
}

export interface ZoomInput {
  width: string | null;
  height: string | null;
  direction: 1 | -1;
  repeat: number;
  /** The image's rendered width in px (0 when unknown, e.g. not laid out). */
  renderedPx: number;
  /** The width of the image's container in px (0 when unknown). */
  containerPx: number;
}

/**
 * The new width (and height, scaled with it so the ratio holds) after one grow/shrink step. Never
 * below ImageLimits.minWidthPx; percent widths stay within 1–100 %. Null when nothing changes.
 */
export function zoomedSize(input: ZoomInput): { width: string; height: string | null } | null {
  const { direction, repeat, renderedPx, containerPx } = input;
  const factor = 1 + (direction * zoomStepPercent(repeat)) / 100;
  const current = parseLength(input.width);
  let width: CssLength;
  if (current?.unit === '%') {
    const floor = containerPx > 0 ? Math.ceil((ImageLimits.minWidthPx / containerPx) * 100) : 1;
    const min = Math.min(Math.max(1, floor), 100);
    const scaled = Math.round(current.amount * factor);
    const moved = scaled === current.amount ? current.amount + direction : scaled;
    width = { amount: Math.min(100, Math.max(min, moved)), unit: '%' };
  } else {
    const base = current?.amount ?? (renderedPx > 0 ? renderedPx : ImageLimits.defaultWidthPx);
    const scaled = Math.round(base * factor);
    const moved = scaled === Math.round(base) ? Math.round(base) + direction : scaled;
    width = { amount: Math.min(ImageLimits.maxSidePx, Math.max(ImageLimits.minWidthPx, moved)), unit: 'px' };
  }
  if (current && width.amount === current.amount && width.unit === current.unit) return null;
  const before = current && current.unit === width.unit ? current.amount : null;
  return { width: `${String(width.amount)}${width.unit}`, height: scaledHeight(input.height, before, width) };
}

/** The height scaled like the width when both use the same unit; otherwise kept as it is. */
function scaledHeight(height: string | null, widthBefore: number | null, widthAfter: CssLength): string | null {
  const h = parseLength(height);
  if (!h || widthBefore === null || widthBefore === 0 || h.unit !== widthAfter.unit) return height;
  return `${String(Math.max(1, Math.round((h.amount * widthAfter.amount) / widthBefore)))}${h.unit}`;
}
