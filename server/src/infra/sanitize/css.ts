/** Style attribute allowlists: each property has a value grammar; everything else is dropped. */

type ValueCheck = (value: string) => boolean;

const LENGTH = /^(?:\d{1,6}(?:\.\d{1,4})?(?:px|pt|em|rem|%|ch|ex|vw|vh)?|auto)$/i;
const COLOR =
  /^(?:#[0-9a-f]{3,8}|(?:rgb|rgba|hsl|hsla)\(\s*[\d.]+(?:deg|%)?(?:\s*[,/]?\s*[\d.]+%?){2,3}\s*\)|[a-z]{3,30})$/i;
const FONT_NAME = /^(?:"[\w -]{1,60}"|'[\w -]{1,60}'|[\w-]{1,60}(?: [\w-]{1,60}){0,5})$/;
// Values of the inline-style capability's extra properties (no url(), no escapes, no braces).
const SAFE_VALUE = /^[\w\s#.,%()'"+-]{1,200}$/;

const isLength: ValueCheck = (v) => LENGTH.test(v);
const isColor: ValueCheck = (v) => COLOR.test(v) && !/^(?:expression|inherit)$/i.test(v);
const isFontFamily: ValueCheck = (v) => v.length <= 200 && v.split(',').every((f) => FONT_NAME.test(f.trim()));
const isLineHeight: ValueCheck = (v) => v === 'normal' || isLength(v);
const isTextAlign: ValueCheck = (v) => /^(?:left|right|center|justify|start|end)$/i.test(v);
const isSafeValue: ValueCheck = (v) =>
  SAFE_VALUE.test(v) &&
  !/url\s*\(|expression|javascript|image-set|var\s*\(|attr\s*\(/i.test(v) &&
  (v.match(/"/g)?.length ?? 0) % 2 === 0 &&
  (v.match(/'/g)?.length ?? 0) % 2 === 0 &&
  (v.match(/\(/g)?.length ?? 0) === (v.match(/\)/g)?.length ?? 0);

/** Text formatting (marks and paragraph attributes of the schema). */
export const TEXT_STYLES: Readonly<Record<string, ValueCheck>> = {
  color: isColor,
  'background-color': isColor,
  'font-family': isFontFamily,
  'font-size': isLength,
  'line-height': isLineHeight,
  'text-align': isTextAlign,
  'margin-left': isLength,
  'padding-left': isLength,
};

/** Extra declarations of the inline-style capability (client/src/features/inline-style/declarations.ts). */
export const INLINE_STYLES: Readonly<Record<string, ValueCheck>> = {
  ...TEXT_STYLES,
  'letter-spacing': isSafeValue,
  'word-spacing': isSafeValue,
  'text-transform': isSafeValue,
  'text-shadow': isSafeValue,
  'font-variant': isSafeValue,
  'font-variant-caps': isSafeValue,
  opacity: isSafeValue,
  border: isSafeValue,
  'border-radius': isSafeValue,
  padding: isSafeValue,
};

/** Sizes of images, videos, captions and tables. */
export const BOX_STYLES: Readonly<Record<string, ValueCheck>> = {
  width: isLength,
  height: isLength,
};

/**
 * Keeps the allowed declarations of a style attribute (`a: b; c: d`), later ones of a property
 * winning, `!important` dropped; returns '' when nothing is left.
 */
export function sanitizeStyle(text: string, allowed: Readonly<Record<string, ValueCheck>>): string {
  const kept = new Map<string, string>();
  for (const part of text.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    const value = part
      .slice(colon + 1)
      .replace(/!\s*important\s*$/i, '')
      .trim()
      .replace(/\s+/g, ' ');
    const check = Object.hasOwn(allowed, property) ? allowed[property] : undefined;
    if (check && value.length > 0 && check(value)) kept.set(property, value);
  }
  return [...kept].map(([p, v]) => `${p}: ${v}`).join('; ');
}
