import { LinkLimits, VideoLimits } from '@shared/limits';

const LINK_SCHEMES: ReadonlySet<string> = new Set(LinkLimits.allowedProtocols.map((p) => `${p}:`));
const EMBED_HOSTS: ReadonlySet<string> = new Set(VideoLimits.embedHosts);
// A base that cannot be fetched: relative links resolve against it only to learn their scheme.
const RELATIVE_BASE = 'https://relative.invalid/';

/**
 * Parses like a browser does (entities are already decoded by the HTML parser; the URL parser drops
 * leading/trailing C0 and space and inner tab/newline), so `java&#x09;script:` is seen as `javascript:`.
 */
function parse(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/** A link target: http(s), mailto or tel, or a relative reference (which stays on http(s)). */
export function isAllowedLinkHref(value: string): boolean {
  const url = parse(value, RELATIVE_BASE);
  return url !== null && LINK_SCHEMES.has(url.protocol);
}

/** Image and video sources: absolute http(s) only (no data:, blob:, relative or script URLs). */
export function isAllowedMediaSrc(value: string): boolean {
  const url = parse(value);
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}

/** Embed iframes: https on one of the allowlisted video hosts. */
export function isAllowedEmbedSrc(value: string): boolean {
  const url = parse(value);
  return url !== null && url.protocol === 'https:' && url.username === '' && EMBED_HOSTS.has(url.hostname);
}
