/** Colour values of the text and background colour pickers: validation of typed hex and of imported CSS. */

const HEX_INPUT = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * The hex field's rule, as the baseline's: 3, 4, 6 or 8 hex digits, with or without `#`. Short forms are
 * expanded (`#F00` → `#FF0000`, `#F008` → `#FF000088`) so that the document stores one canonical form.
 * Returns the colour in upper case, or null when the input is not acceptable.
 */
export function parseHexInput(input: string): string | null {
  const digits = HEX_INPUT.exec(input.trim())?.[1];
  if (digits === undefined) return null;
  const full = digits.length <= 4 ? Array.from(digits, (d) => d + d).join('') : digits;
  return `#${full.toUpperCase()}`;
}

const HEX_CSS = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB_CSS = /^rgba?\(\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*(?:[,/]\s*([\d.]+%?)\s*)?\)$/i;
const KEYWORD_CSS = /^[a-z]{3,30}$/i;

const hexByte = (n: number): string =>
  Math.max(0, Math.min(255, Math.round(n)))
    .toString(16)
    .padStart(2, '0')
    .toUpperCase();

function alphaByte(raw: string): string {
  const n = raw.endsWith('%') ? Number.parseFloat(raw) / 100 : Number.parseFloat(raw);
  return Number.isFinite(n) ? hexByte(n * 255) : 'FF';
}

/**
 * A CSS colour from imported HTML (paste, the baseline's `rgb(…)` output, a peer's document) made safe
 * and canonical: hex of any length and `rgb()`/`rgba()` become `#RRGGBB` / `#RRGGBBAA`, a plain colour
 * keyword (`red`) is kept, anything else (`url(…)`, `expression(…)`, `;` injections) is dropped.
 */
export function normalizeCssColor(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const value = raw
    .replace(/['"]+/g, '')
    .replace(/\s*!important\s*$/i, '')
    .trim();
  const hex = HEX_CSS.exec(value);
  if (hex?.[1]) {
    const digits = hex[1].length <= 4 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    return `#${digits.toUpperCase()}`;
  }
  const rgb = RGB_CSS.exec(value);
  if (rgb) {
    const [, r, g, b, a] = rgb;
    const alpha = a === undefined ? '' : alphaByte(a);
    return `#${hexByte(Number(r))}${hexByte(Number(g))}${hexByte(Number(b))}${alpha === 'FF' ? '' : alpha}`;
  }
  return KEYWORD_CSS.test(value) ? value.toLowerCase() : null;
}

/** Whether two stored colours are the same (hex compared case-insensitively). */
export function sameColor(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.toUpperCase() === b.toUpperCase();
}

/** Whether a check mark drawn on this swatch should be light (the swatch is dark). */
export function isDarkColor(color: string): boolean {
  const hex = /^#([0-9a-f]{6})/i.exec(color)?.[1];
  if (!hex) return false;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  // Perceived brightness (ITU-R BT.601 weights).
  return (r ?? 0) * 0.299 + (g ?? 0) * 0.587 + (b ?? 0) * 0.114 < 150;
}
