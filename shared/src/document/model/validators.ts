import type { EditorOptions } from '../../editor-options';
import { DocumentModelLimits, FontSizeLimits, TableLimits } from '../../limits';
import { parseDeclarations, serializeDeclarations } from './css-declarations';
import { sanitizeHref } from './link-url';
import type { AttrValidator } from './model-types';
import { perOptions } from './model-options';

/**
 * The validators of the document model: one per attribute, deciding whether a value may be stored as it is
 * (at parse time, at render time, in the server's update guard and in the sanitizer). Each accepts only the
 * canonical spelling its parser produces; attributes whose default is null accept null (`nullOr`).
 */

const L = DocumentModelLimits;

/** A string of at most `max` characters. */
export const boundedString =
  (max: number): AttrValidator =>
  (value) =>
    typeof value === 'string' && value.length <= max;

/** null, or what `validate` accepts. */
export const nullOr =
  (validate: AttrValidator): AttrValidator =>
  (value) =>
    value === null || validate(value);

/** One of the listed values (compared with `===`). */
export function oneOf(values: readonly unknown[]): AttrValidator {
  const allowed = new Set<unknown>(values);
  return (value) => allowed.has(value);
}

/** An integer from `min` to `max`. */
export const integerIn =
  (min: number, max: number): AttrValidator =>
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

// ---- class lists -------------------------------------------------------------------------------------

const CLASS_TOKEN = /^-?[_a-zA-Z][\w-]*$/;

/** The configured values that are one class token each (a value with spaces could never round-trip). */
export function classTokenValues(entries: ReadonlyArray<{ value: string }>): string[] {
  return entries.map((e) => e.value).filter((v) => v.length <= 100 && CLASS_TOKEN.test(v));
}

/** The tokens of `value` that are in `allowed`, in the order given, without duplicates. */
export function keepClasses(value: unknown, allowed: ReadonlySet<string>): string[] {
  if (typeof value !== 'string') return [];
  return [...new Set(value.split(/\s+/).filter((t) => allowed.has(t)))];
}

/** A class list of allowed tokens only: no duplicates, single spaces, nothing else (`''` when `empty` is). */
export function classListValidator(allowed: readonly string[], empty: '' | null): AttrValidator {
  const set = new Set(allowed);
  return (value) => {
    if (value === empty) return true;
    if (typeof value !== 'string' || value === '' || value.length > 1_000) return false;
    return keepClasses(value, set).join(' ') === value;
  };
}

/** Paragraph styles of the deployment (classes on paragraphs and headings). */
export const paragraphStyleClasses = (options: EditorOptions): string[] => classTokenValues(options.paragraphStyles);

/** Inline classes of the deployment (classes on text spans). */
export const inlineClassValues = (options: EditorOptions): string[] => classTokenValues(options.inlineClasses);

/** Image styles of the deployment (classes on images). */
export const imageStyleClasses = (options: EditorOptions): string[] => classTokenValues(options.imageStyles);

/** Table styles of the deployment (classes on tables). */
export const tableStyleClasses = (options: EditorOptions): string[] => classTokenValues(options.tableStyles);

/** Cell styles of the deployment (classes on table cells). */
export const tableCellStyleClasses = (options: EditorOptions): string[] => classTokenValues(options.tableCellStyles);

// ---- block attributes --------------------------------------------------------------------------------

export const textAlignments = ['left', 'center', 'right', 'justify'] as const;
export type TextAlignment = (typeof textAlignments)[number];
export const isTextAlign: AttrValidator = oneOf(textAlignments);

export const verticalAlignments = ['top', 'middle', 'bottom'] as const;
export const isVerticalAlign: AttrValidator = oneOf(verticalAlignments);

/** A cell's colspan or rowspan. */
export const isCellSpan: AttrValidator = integerIn(1, TableLimits.maxSpan);

/** A cell's column widths (one per spanned column, in pixels; 0 = not set), as the table plugin stores them. */
export const isColumnWidths: AttrValidator = (value) =>
  Array.isArray(value) &&
  value.length >= 1 &&
  value.length <= TableLimits.maxSpan &&
  value.every((w) => typeof w === 'number' && Number.isInteger(w) && w >= 0 && w <= TableLimits.maxColumnWidthPx);

/** A unitless number or a length/percentage (`1.5`, `24px`, `150%`). */
const LINE_HEIGHT = /^(?:\d{1,3}(?:\.\d{1,3})?|\.\d{1,3})(?:px|em|rem|%)?$/;
export const isLineHeight: AttrValidator = (value) => typeof value === 'string' && LINE_HEIGHT.test(value);

export const isHeadingLevel: AttrValidator = integerIn(1, 6);

/** Froala's advanced list types plus decimal (either list accepts any of them, as browsers do). */
export const listStyleTypes = {
  bulletList: ['circle', 'disc', 'square'],
  orderedList: ['lower-alpha', 'lower-greek', 'lower-roman', 'upper-alpha', 'upper-roman', 'decimal'],
} as const;
export const isListStyleType: AttrValidator = oneOf([...listStyleTypes.bulletList, ...listStyleTypes.orderedList]);

/** The HTML `type` of an ordered list. */
export const orderedListTypes = ['1', 'a', 'A', 'i', 'I'] as const;
export const isOrderedListType: AttrValidator = oneOf(orderedListTypes);

export const isListStart: AttrValidator = integerIn(0, L.maxListStart);

/** A code block's language (`language-…` class): lower-case letters, digits and `+#_-`. */
export const isCodeLanguage: AttrValidator = (value) => typeof value === 'string' && /^[a-z0-9+#_-]{1,30}$/.test(value);

// ---- text style --------------------------------------------------------------------------------------

/** A colour as the pickers and the parser store it: `#RRGGBB`, `#RRGGBBAA` or a plain keyword (`red`). */
export const isCssColor: AttrValidator = (value) =>
  typeof value === 'string' && (/^#(?:[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value) || /^[a-z]{3,30}$/.test(value));

/** A font stack of family names only: letters, digits, spaces, quotes, commas and hyphens. */
export const isFontFamily: AttrValidator = (value) =>
  typeof value === 'string' &&
  value.length <= L.maxFontFamilyChars &&
  /^[\p{L}\p{N} ,'"-]+$/u.test(value) &&
  /[\p{L}\p{N}]/u.test(value);

const FONT_SIZE = /^(\d{1,3}(?:\.\d{1,3})?)(px|pt|em|rem|%)$/;

/** A font size: a px/pt/em/rem/% length, px and pt within FontSizeLimits, the others above 0. */
export const isFontSize: AttrValidator = (value) => {
  if (typeof value !== 'string') return false;
  const match = FONT_SIZE.exec(value);
  if (!match) return false;
  const amount = Number(match[1]);
  const absolute = match[2] === 'px' || match[2] === 'pt';
  return amount <= FontSizeLimits.max && (absolute ? amount >= FontSizeLimits.min : amount > 0);
};

/** The extra declarations of a text span, exactly as the parser serialises them (no mapped properties). */
export const isInlineStyle: AttrValidator = (value) =>
  typeof value === 'string' &&
  value.length > 0 &&
  value.length <= L.maxInlineStyleChars &&
  serializeDeclarations(parseDeclarations(value, false)) === value;

// ---- links -------------------------------------------------------------------------------------------

/**
 * An `href` whose scheme is on the allow-list, stored as the sanitiser returns it; one without a scheme starts
 * with `/`, `#`, `?` or `.` (the link form never stores a bare word: it gets the deployment's prefix).
 */
export const isLinkHref: AttrValidator = (value) =>
  typeof value === 'string' &&
  value.length > 0 &&
  value.length <= L.maxUrlChars &&
  sanitizeHref(value) === value &&
  (/^[a-z][a-z0-9+.-]*:/i.test(value) || /^[/#?.]/.test(value));

export const isLinkTarget: AttrValidator = oneOf(['_blank']);

/** The `rel` tokens a link may carry: the allow-list and those of the deployment's `linkRel`. */
export const relTokens = perOptions(
  (options: EditorOptions): ReadonlySet<string> =>
    new Set([
      ...L.relTokens,
      ...options.linkRel
        .toLowerCase()
        .split(/\s+/)
        .filter((t) => /^[a-z-]{1,30}$/.test(t)),
    ]),
);

/** The allowed `rel` tokens of `rel`, lower-cased and deduplicated, or null when none. */
export function cleanRel(rel: unknown, allowed: ReadonlySet<string>): string | null {
  if (typeof rel !== 'string') return null;
  const tokens = [...new Set(rel.toLowerCase().split(/\s+/))].filter((t) => allowed.has(t)).slice(0, L.maxRelTokens);
  return tokens.length > 0 ? tokens.join(' ') : null;
}

export function relValidator(options: EditorOptions): AttrValidator {
  const allowed = relTokens(options);
  return (value) => typeof value === 'string' && value.length <= 200 && cleanRel(value, allowed) === value;
}

// ---- media -------------------------------------------------------------------------------------------

/** Only http(s) URLs or our own relative upload paths may become a media node's URL. */
export function isStorableUrl(url: string): boolean {
  if (url.startsWith('/uploads/')) return !url.startsWith('//');
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A CSS length a media node keeps (`300px`, `50%`, `12.5px`), canonical, or null. */
export function cleanLength(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > L.maxCssLengthChars) return null;
  const match = /^\s*(\d{1,5}(?:\.\d{1,3})?)\s*(px|%)?\s*$/i.exec(value);
  if (!match) return null;
  const amount = Number(match[1]);
  if (!Number.isFinite(amount) || amount <= 0) return null;
  return `${String(amount)}${(match[2] ?? 'px').toLowerCase()}`;
}

export const isMediaLength: AttrValidator = (value) => typeof value === 'string' && cleanLength(value) === value;

export function cleanUploadId(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

export const isUploadId: AttrValidator = (value) => cleanUploadId(value) === value;

export const mediaAligns = ['left', 'center', 'right'] as const;
export type MediaAlign = (typeof mediaAligns)[number];
export const mediaDisplays = ['block', 'inline'] as const;
export type MediaDisplay = (typeof mediaDisplays)[number];

export function cleanAlign(value: unknown): MediaAlign {
  return value === 'left' || value === 'right' ? value : 'center';
}

export function cleanDisplay(value: unknown): MediaDisplay {
  return value === 'inline' ? 'inline' : 'block';
}
