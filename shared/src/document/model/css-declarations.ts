/** CSS properties that have their own textStyle attribute (and capability): property → attribute. */
export const MAPPED_PROPERTIES: Readonly<Record<string, string>> = {
  'font-size': 'fontSize',
  'font-family': 'fontFamily',
  color: 'color',
  'background-color': 'backgroundColor',
};

/**
 * Other properties an inline style may set. Properties that other marks parse (font-weight → bold,
 * text-decoration → underline, vertical-align → sub) are left out, so one format has one owner.
 */
export const SAFE_PROPERTIES: ReadonlySet<string> = new Set([
  'letter-spacing',
  'word-spacing',
  'text-transform',
  'text-shadow',
  'font-variant',
  'font-variant-caps',
  'opacity',
  'border',
  'border-radius',
  'padding',
]);

export type Declaration = readonly [property: string, value: string];

/** A value without anything that could load resources, run script or break out of the declaration. */
export function isSafeValue(value: string): boolean {
  if (value.length === 0 || value.length > 200) return false;
  if (!/^[\w\s#.,%()'"+-]+$/.test(value)) return false;
  return !/url\s*\(|expression|javascript|image-set|\\/i.test(value);
}

/**
 * The allowed, safe `property: value` pairs of a declaration list (`font-size: 20px; color: red;`),
 * later pairs of one property winning; everything else is dropped.
 */
export function parseDeclarations(text: string, allowMapped = true): Declaration[] {
  const result = new Map<string, string>();
  for (const part of text.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    const value = part
      .slice(colon + 1)
      .replace(/!\s*important/i, '')
      .trim();
    const allowed = SAFE_PROPERTIES.has(property) || (allowMapped && property in MAPPED_PROPERTIES);
    if (allowed && isSafeValue(value)) result.set(property, value);
  }
  return [...result];
}

export function serializeDeclarations(declarations: readonly Declaration[]): string {
  return declarations.map(([p, v]) => `${p}: ${v}`).join('; ');
}
