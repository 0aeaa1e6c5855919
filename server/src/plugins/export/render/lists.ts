import type { Node as PmNode } from '@tiptap/pm/model';

/** How an ordered list counts, and how a bullet list marks its items. */
export type NumberStyle = 'decimal' | 'lower-alpha' | 'upper-alpha' | 'lower-roman' | 'upper-roman' | 'lower-greek';
export type BulletStyle = 'disc' | 'circle' | 'square';

const TYPE_STYLE: Readonly<Record<string, NumberStyle>> = {
  '1': 'decimal',
  a: 'lower-alpha',
  A: 'upper-alpha',
  i: 'lower-roman',
  I: 'upper-roman',
};

const NUMBER_STYLES: readonly string[] = [
  'decimal',
  'lower-alpha',
  'upper-alpha',
  'lower-roman',
  'upper-roman',
  'lower-greek',
];

/** The counting style of an ordered list: its CSS list style, else its HTML type, else decimal. */
export function numberStyleOf(list: PmNode): NumberStyle {
  const css: unknown = list.attrs.listStyleType;
  if (typeof css === 'string' && NUMBER_STYLES.includes(css)) return css as NumberStyle;
  const type: unknown = list.attrs.type;
  return (typeof type === 'string' && TYPE_STYLE[type]) || 'decimal';
}

/** The first number of an ordered list. */
export function listStart(list: PmNode): number {
  const start: unknown = list.attrs.start;
  return typeof start === 'number' && Number.isInteger(start) && start >= 0 ? start : 1;
}

/** The bullet of a list: its own style, else by nesting depth as browsers draw them. */
export function bulletStyleOf(list: PmNode, depth: number): BulletStyle {
  const css: unknown = list.attrs.listStyleType;
  if (css === 'disc' || css === 'circle' || css === 'square') return css;
  return (['disc', 'circle', 'square'] as const)[depth % 3] ?? 'disc';
}

function alphabetic(n: number, letters: string): string {
  if (n <= 0) return String(n);
  let out = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / letters.length)) {
    out = letters[(rest - 1) % letters.length] + out;
  }
  return out;
}

const ROMAN: ReadonlyArray<[number, string]> = [
  [1000, 'm'],
  [900, 'cm'],
  [500, 'd'],
  [400, 'cd'],
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];

function roman(n: number): string {
  // Browsers fall back to decimal outside 1–3999.
  if (n <= 0 || n >= 4000) return String(n);
  let out = '';
  let rest = n;
  for (const [value, digits] of ROMAN) {
    for (; rest >= value; rest -= value) out += digits;
  }
  return out;
}

/** The label of item number `n` (`3.`, `c.`, `iii.`). */
export function numberLabel(n: number, style: NumberStyle): string {
  switch (style) {
    case 'lower-alpha':
      return `${alphabetic(n, 'abcdefghijklmnopqrstuvwxyz')}.`;
    case 'upper-alpha':
      return `${alphabetic(n, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')}.`;
    case 'lower-roman':
      return `${roman(n)}.`;
    case 'upper-roman':
      return `${roman(n).toUpperCase()}.`;
    case 'lower-greek':
      return `${alphabetic(n, 'αβγδεζηθικλμνξοπρστυφχψω')}.`;
    default:
      return `${n}.`;
  }
}
