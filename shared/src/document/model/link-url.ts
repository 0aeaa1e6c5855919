import { LinkLimits } from '@shared/limits';

/**
 * Link URL checks (SECURITY.md §2.5: decode, normalise, then allowlist the scheme). Pure functions,
 * used by the link form, the autolinker, paste and HTML parsing/rendering of the `link` mark.
 */

export type LinkKind = 'web' | 'mail' | 'tel' | 'relative';
export type LinkUrlError = 'empty' | 'scheme' | 'invalid';
export type LinkUrlResult = { ok: true; href: string; kind: LinkKind } | { ok: false; error: LinkUrlError };

const ALLOWED: readonly string[] = LinkLimits.allowedProtocols;

// Browsers drop leading/trailing C0 controls and spaces and every inner tab, LF and CR from a URL.
const EDGES =
  /^[\u0000-\u0020\u00a0\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\u0000-\u0020\u00a0\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+$/g;
const INNER_BREAKS = /[\t\n\r]/g;
// Everything that could hide inside a scheme once decoded: whitespace, controls, zero-width and soft hyphens.
const INVISIBLE = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// `example.com:8080/x` or `localhost:3000`: a host with a port, not a scheme.
const HOST_PORT = /^(?:localhost|[^/?#:@\s]*\.[^/?#:@\s]*):\d*(?:[/?#]|$)/i;
const RELATIVE = /^[/#?.]/;
const EMAIL = /^[^\s@/:?#]+@[^\s@/:?#.]+(?:\.[^\s@/:?#.]+)+$/;

const NAMED_ENTITIES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  nbsp: ' ',
  sol: '/',
  lpar: '(',
  rpar: ')',
  period: '.',
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
};

function fromCodePoint(code: number): string {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

/** One round of the decodings a browser or a later sink might apply: entities, then percent escapes. */
function decodeOnce(value: string): string {
  return value
    .replace(/&#x0*([0-9a-f]{1,6});?/gi, (_, hex: string) => fromCodePoint(parseInt(hex, 16)))
    .replace(/&#0*(\d{1,7});?/g, (_, dec: string) => fromCodePoint(parseInt(dec, 10)))
    .replace(/&([a-z]+);?/gi, (whole, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? whole)
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The most decoded, invisible-free spelling of a URL, only used to detect its real scheme. */
function probe(value: string): string {
  let current = value.normalize('NFKC').replace(INVISIBLE, '');
  // A few rounds catch double encodings (`&amp;#106;`); the loop stops as soon as nothing changes.
  for (let round = 0; round < 4; round++) {
    const next = decodeOnce(current).normalize('NFKC').replace(INVISIBLE, '');
    if (next === current) break;
    current = next;
  }
  return current;
}

function schemeOf(value: string): string | null {
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (!scheme) return null;
  if (ALLOWED.includes(scheme)) return scheme;
  return HOST_PORT.test(value) ? null : scheme;
}

/** Trims what browsers ignore anyway; the rest of the value is kept as typed. */
function clean(value: string): string {
  return value.replace(EDGES, '').replace(INNER_BREAKS, '');
}

/**
 * The scheme of `value` when its plain and its decoded spelling agree on one; `false` when they do
 * not (`java&#x09;script:`, `&#106;avascript:`), which is always refused.
 */
function agreedScheme(value: string): string | null | false {
  const plain = schemeOf(value);
  return plain === schemeOf(probe(value)) ? plain : false;
}

/**
 * A stored or pasted `href` as it may be rendered: cleaned, or `null` when its scheme is not on the
 * allowlist (relative URLs have none and are kept).
 */
export function sanitizeHref(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const value = clean(raw);
  if (!value) return null;
  const scheme = agreedScheme(value);
  if (scheme === false || (scheme !== null && !ALLOWED.includes(scheme))) return null;
  return value;
}

function kindOf(scheme: string): LinkKind {
  if (scheme === 'mailto') return 'mail';
  if (scheme === 'tel') return 'tel';
  return 'web';
}

/**
 * What the user typed into the link form (or the autolinker found), as an `href`: URLs with an
 * allowed scheme stay, relative paths and anchors stay, e-mail addresses get `mailto:`, anything
 * else gets `prefix` (FROALA-REFERENCE §24). Every other scheme, in any spelling, is refused.
 */
export function normalizeLinkUrl(input: string, prefix: string = LinkLimits.autoPrefix): LinkUrlResult {
  const value = clean(input);
  if (!value) return { ok: false, error: 'empty' };
  const scheme = agreedScheme(value);
  if (scheme === false) return { ok: false, error: 'scheme' };
  if (scheme !== null) {
    if (!ALLOWED.includes(scheme)) return { ok: false, error: 'scheme' };
    const rest = value.slice(scheme.length + 1);
    const valid = scheme === 'http' || scheme === 'https' ? /^\/\/[^/?#\s]+/.test(rest) : rest.length > 0;
    return valid ? { ok: true, href: `${scheme}:${rest}`, kind: kindOf(scheme) } : { ok: false, error: 'invalid' };
  }
  if (RELATIVE.test(value)) return { ok: true, href: value, kind: 'relative' };
  if (EMAIL.test(value)) return { ok: true, href: `mailto:${value}`, kind: 'mail' };
  // A host cannot contain spaces; a path after it may.
  if (/\s/.test(value.split(/[/?#]/, 1)[0] ?? '')) return { ok: false, error: 'invalid' };
  const href = `${prefix}${value}`;
  // The prefix is operator configuration; the result must still pass the allowlist.
  const prefixed = agreedScheme(href);
  if (prefixed === false || (prefixed !== null && !ALLOWED.includes(prefixed))) return { ok: false, error: 'scheme' };
  return { ok: true, href, kind: prefixed === null ? 'relative' : kindOf(prefixed) };
}

/** Whether a link of this kind may open in a new tab (e-mail and phone links never get a target). */
export function allowsTarget(kind: LinkKind): boolean {
  return kind === 'web' || kind === 'relative';
}

/** `href` without `mailto:` / `tel:`, as the visible text of a link inserted without text. */
export function displayTextOf(href: string): string {
  return href.replace(/^(?:mailto|tel):/i, '');
}
