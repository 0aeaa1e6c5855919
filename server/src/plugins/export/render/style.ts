import type { Mark } from '@tiptap/pm/model';

/**
 * What the PDF and .docx renderers read from the model's marks and block attributes, in one place:
 * resolved colours, font families, sizes and line heights, independent of either output format.
 */

export type FontKind = 'sans' | 'serif' | 'mono';

/** A size: absolute points, or a factor of the surrounding block's size (em, rem, %). */
export type RelativeSize = { pt: number } | { factor: number };

export interface RunStyle {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  code: boolean;
  script: 'sub' | 'sup' | null;
  /** `#RRGGBB`, or null for the default. */
  color: string | null;
  background: string | null;
  font: FontKind;
  /** The first family of the stack as written (`Georgia`), for Word; null when none. */
  fontName: string | null;
  size: RelativeSize | null;
  /** An absolute address the text links to, or null. */
  link: string | null;
}

export const plainStyle: RunStyle = {
  bold: false,
  italic: false,
  underline: false,
  strike: false,
  code: false,
  script: null,
  color: null,
  background: null,
  font: 'sans',
  fontName: null,
  size: null,
  link: null,
};

// The colour keywords a picker or a paste is likely to store; others fall back to the default colour.
const NAMED: Readonly<Record<string, string>> = {
  black: '#000000',
  white: '#FFFFFF',
  red: '#FF0000',
  green: '#008000',
  blue: '#0000FF',
  yellow: '#FFFF00',
  orange: '#FFA500',
  purple: '#800080',
  gray: '#808080',
  grey: '#808080',
  silver: '#C0C0C0',
  maroon: '#800000',
  olive: '#808000',
  lime: '#00FF00',
  aqua: '#00FFFF',
  cyan: '#00FFFF',
  teal: '#008080',
  navy: '#000080',
  fuchsia: '#FF00FF',
  magenta: '#FF00FF',
  pink: '#FFC0CB',
  brown: '#A52A2A',
};

/** A stored colour (`#RRGGBB`, `#RRGGBBAA`, keyword) as `#RRGGBB`; null when transparent or unknown. */
export function hexColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const hex = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(value);
  const rgb = hex?.[1];
  if (rgb) return hex[2]?.toLowerCase() === '00' ? null : `#${rgb.toUpperCase()}`;
  return NAMED[value.toLowerCase()] ?? null;
}

const MONO = /mono|courier|consolas|menlo|monaco|lucida console/;
const SERIF = /serif|georgia|times|garamond|palatino|cambria|book antiqua|baskerville/;

/** The DejaVu family standing in for a CSS font stack. */
export function fontKindOf(stack: string): FontKind {
  const lower = stack.toLowerCase();
  if (MONO.test(lower)) return 'mono';
  if (/sans/.test(lower)) return 'sans';
  return SERIF.test(lower) ? 'serif' : 'sans';
}

/** The first family of a stack, unquoted (`"Times New Roman", serif` → `Times New Roman`). */
export function firstFamily(stack: string): string | null {
  const first = stack
    .split(',')[0]
    ?.trim()
    .replace(/^["']|["']$/g, '');
  return first ? first : null;
}

/** A stored font size (`24px`, `12pt`, `1.5em`, `120%`) in points or as a factor. */
export function parseFontSize(value: unknown): RelativeSize | null {
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?)(px|pt|em|rem|%)$/.exec(value) : null;
  if (!match) return null;
  const amount = Number(match[1]);
  if (!(amount > 0)) return null;
  switch (match[2]) {
    case 'px':
      return { pt: amount * 0.75 };
    case 'pt':
      return { pt: amount };
    case '%':
      return { factor: amount / 100 };
    default:
      return { factor: amount };
  }
}

/** A stored line height (`1.5`, `24px`, `150%`, `2em`). */
export function parseLineHeight(value: unknown): RelativeSize | null {
  if (typeof value !== 'string') return null;
  if (/^(?:\d+(?:\.\d+)?|\.\d+)$/.test(value)) {
    const factor = Number(value);
    return factor > 0 ? { factor } : null;
  }
  return parseFontSize(value);
}

/** A size in points given the size it is relative to. */
export function sizeIn(size: RelativeSize | null, base: number): number {
  if (!size) return base;
  return 'pt' in size ? size.pt : size.factor * base;
}

/**
 * A link address a reader can follow from a file: absolute as it is; our relative `/uploads/…` (and other
 * site paths) made absolute with the server's public origin; fragments and unresolvable paths dropped.
 */
export function absoluteHref(href: unknown, origin: string | null): string | null {
  if (typeof href !== 'string' || href === '') return null;
  if (/^(https?|mailto|tel):/i.test(href)) return href;
  if (href.startsWith('/') && !href.startsWith('//') && origin) return `${origin}${href}`;
  return null;
}

/** The colours of suggestions written as marked (a green and a red readable on white and in print). */
export const SUGGESTION_COLORS = { insertion: '#1A7F37', deletion: '#CF222E' } as const;

/** The style of a text run from its marks (the schema's mark order) over the block's `base` style. */
export function runStyleOf(marks: readonly Mark[], origin: string | null, base: RunStyle = plainStyle): RunStyle {
  const style: RunStyle = { ...base };
  for (const mark of marks) {
    const attrs = mark.attrs as Record<string, unknown>;
    switch (mark.type.name) {
      case 'bold':
        style.bold = true;
        break;
      case 'italic':
        style.italic = true;
        break;
      case 'underline':
        style.underline = true;
        break;
      case 'strike':
        style.strike = true;
        break;
      case 'code':
        style.code = true;
        style.font = 'mono';
        break;
      case 'subscript':
        style.script = 'sub';
        break;
      case 'superscript':
        style.script = 'sup';
        break;
      case 'link':
        style.link = absoluteHref(attrs.href, origin);
        break;
      case 'textStyle':
        applyTextStyle(style, attrs);
        break;
      // Suggestions as marked (the exports accept them by default): inserted text underlined, deleted text struck
      // through, each in its colour (Word writes tracked changes instead; see docx/runs.ts).
      case 'insertion':
        style.underline = true;
        style.color = SUGGESTION_COLORS.insertion;
        break;
      case 'deletion':
        style.strike = true;
        style.color = SUGGESTION_COLORS.deletion;
        break;
      default:
        break;
    }
  }
  return style;
}

function applyTextStyle(style: RunStyle, attrs: Record<string, unknown>): void {
  style.color = hexColor(attrs.color) ?? style.color;
  style.background = hexColor(attrs.backgroundColor) ?? style.background;
  style.size = parseFontSize(attrs.fontSize) ?? style.size;
  if (typeof attrs.fontFamily === 'string' && !style.code) {
    style.font = fontKindOf(attrs.fontFamily);
    style.fontName = firstFamily(attrs.fontFamily);
  }
}

/** Heading sizes in points (h1–h6); body text is `BODY_PT`. */
export const HEADING_PT = [24, 20, 16, 14, 12, 11] as const;
export const BODY_PT = 11;

export function headingPt(level: unknown): number {
  const index = typeof level === 'number' && level >= 1 && level <= 6 ? level - 1 : 0;
  return HEADING_PT[index] ?? BODY_PT;
}

export type Align = 'left' | 'center' | 'right' | 'justify';

export function alignOf(value: unknown): Align | null {
  return value === 'left' || value === 'center' || value === 'right' || value === 'justify' ? value : null;
}
