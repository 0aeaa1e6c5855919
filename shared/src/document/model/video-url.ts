import { VideoLimits } from '@shared/limits';

/**
 * Video addresses (FROALA-REFERENCE §28): a pasted page or embed URL of YouTube, Vimeo or Dailymotion
 * becomes the provider's embed URL on its privacy-friendly host; a direct media file URL is played by
 * `<video>`. Pure functions, no DOM.
 */
export type VideoKind = 'iframe' | 'file';

export type VideoUrlResult = { ok: true; kind: VideoKind; src: string } | { ok: false; error: 'VIDEO_URL_UNSUPPORTED' };

/** Longest address looked at. */
export const MAX_VIDEO_URL_CHARS = 2048;

const UNSUPPORTED = { ok: false, error: 'VIDEO_URL_UNSUPPORTED' } as const;
const EMBED_HOSTS: ReadonlySet<string> = new Set(VideoLimits.embedHosts);

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/;
const DAILYMOTION_ID = /^x[0-9a-z]{3,12}$/i;
const MEDIA_FILE = /\.(mp4|webm|ogg|ogv|mp3)$/i;
/** Longest start offset accepted (one day). */
const MAX_START_S = 86_400;

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);
const DAILYMOTION_HOSTS = new Set(['dailymotion.com', 'www.dailymotion.com']);

/** Whether an address may be an embed iframe's `src`: https, no credentials or port, allowlisted host. */
export function isEmbedHost(url: URL): boolean {
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    EMBED_HOSTS.has(url.hostname)
  );
}

/** A YouTube start offset: `90`, `90s`, `1m30s`, `1h2m3s` → seconds (0 when absent or invalid). */
export function parseStartTime(value: string | null): number {
  if (!value) return 0;
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,5})s?)?$/.exec(value);
  if (!match) return 0;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return Number.isFinite(seconds) && seconds > 0 && seconds <= MAX_START_S ? seconds : 0;
}

function youtubeEmbed(id: string | undefined, start: number): string | null {
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return `https://www.youtube-nocookie.com/embed/${id}${start > 0 ? `?start=${String(start)}` : ''}`;
}

function segmentsOf(url: URL): string[] {
  return url.pathname.split('/').filter((s) => s !== '');
}

function youtube(url: URL): string | null {
  const start = parseStartTime(url.searchParams.get('t') ?? url.searchParams.get('start'));
  if (url.hostname === 'youtu.be') {
    const parts = segmentsOf(url);
    return parts.length === 1 ? youtubeEmbed(parts[0], start) : null;
  }
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  const parts = segmentsOf(url);
  if (parts.length === 1 && parts[0] === 'watch') return youtubeEmbed(url.searchParams.get('v') ?? undefined, start);
  if (parts.length === 2 && (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live')) {
    return youtubeEmbed(parts[1], start);
  }
  return null;
}

function vimeoEmbed(id: string | undefined, hash: string | null | undefined): string | null {
  if (!id || !VIMEO_ID.test(id)) return null;
  if (hash && !VIMEO_HASH.test(hash)) return null;
  return `https://player.vimeo.com/video/${id}?dnt=1${hash ? `&h=${hash}` : ''}`;
}

function vimeo(url: URL): string | null {
  const parts = segmentsOf(url);
  if (url.hostname === 'player.vimeo.com') {
    return parts.length === 2 && parts[0] === 'video' ? vimeoEmbed(parts[1], url.searchParams.get('h')) : null;
  }
  if (!VIMEO_HOSTS.has(url.hostname)) return null;
  // vimeo.com/<id>, vimeo.com/<id>/<hash> (unlisted), and pages that name one video.
  if (parts.length === 1) return vimeoEmbed(parts[0], null);
  if (parts.length === 2 && VIMEO_ID.test(parts[0] ?? '')) return vimeoEmbed(parts[0], parts[1]);
  if (parts.length === 3 && parts[0] === 'channels') return vimeoEmbed(parts[2], null);
  if (parts.length === 4 && parts[0] === 'showcase' && parts[2] === 'video') return vimeoEmbed(parts[3], null);
  if (parts.length === 4 && parts[0] === 'groups' && parts[2] === 'videos') return vimeoEmbed(parts[3], null);
  return null;
}

function dailymotionEmbed(id: string | undefined | null): string | null {
  // Old page URLs carry a slug after the id: `x7tgad0_some-title`.
  const bare = id?.split('_')[0];
  if (!bare || !DAILYMOTION_ID.test(bare)) return null;
  return `https://geo.dailymotion.com/player.html?video=${bare}`;
}

function dailymotion(url: URL): string | null {
  const parts = segmentsOf(url);
  if (url.hostname === 'dai.ly') return parts.length === 1 ? dailymotionEmbed(parts[0]) : null;
  if (url.hostname === 'geo.dailymotion.com') {
    const player = parts.length === 1 && /^player(?:\/[a-z0-9]+)?\.html$/i.test(parts[0] ?? '');
    const inFolder = parts.length === 2 && parts[0] === 'player' && /^[a-z0-9]+\.html$/i.test(parts[1] ?? '');
    return player || inFolder ? dailymotionEmbed(url.searchParams.get('video')) : null;
  }
  if (!DAILYMOTION_HOSTS.has(url.hostname)) return null;
  if (parts.length === 2 && parts[0] === 'video') return dailymotionEmbed(parts[1]);
  if (parts.length === 3 && parts[0] === 'embed' && parts[1] === 'video') return dailymotionEmbed(parts[2]);
  return null;
}

/** The address with `https://` in front when it has no scheme (`youtu.be/x`, `//youtu.be/x`). */
function withScheme(text: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return text;
  return `https://${text.replace(/^\/+/, '')}`;
}

/** Parses an address; null for anything that is not an absolute http(s) URL without credentials. */
function parseWebUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url;
}

/**
 * What a pasted video address becomes: the provider's embed URL (kind 'iframe'), a direct media file
 * (kind 'file'), or VIDEO_URL_UNSUPPORTED. Whitespace or control characters inside the address refuse it.
 */
export function parseVideoUrl(input: string): VideoUrlResult {
  const text = input.trim();
  if (text === '' || text.length > MAX_VIDEO_URL_CHARS) return UNSUPPORTED;
  if (/[\u0000-\u0020\u007f-\u009f]/.test(text)) return UNSUPPORTED;
  const url = parseWebUrl(withScheme(text));
  if (!url) return UNSUPPORTED;
  const embed = youtube(url) ?? vimeo(url) ?? dailymotion(url);
  if (embed) {
    // Every embed we produce must be on the allowlist (a safety net against a mapping mistake).
    return isEmbedHost(new URL(embed)) ? { ok: true, kind: 'iframe', src: embed } : UNSUPPORTED;
  }
  if (MEDIA_FILE.test(url.pathname)) return { ok: true, kind: 'file', src: url.href };
  return UNSUPPORTED;
}

/**
 * The canonical `src` of a stored embed (from HTML, JSON or Yjs): https on an allowed host, and one
 * of the recognised embed addresses; null otherwise.
 */
export function canonicalEmbedSrc(src: unknown): string | null {
  if (typeof src !== 'string' || src.length > MAX_VIDEO_URL_CHARS) return null;
  const text = src.trim();
  if (!/^https:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!isEmbedHost(url)) return null;
  const result = parseVideoUrl(text);
  return result.ok && result.kind === 'iframe' ? result.src : null;
}

/** A stored media file address: absolute http(s) without credentials, or our own `/uploads/` path. */
export function cleanFileSrc(src: unknown): string | null {
  if (typeof src !== 'string' || src.length > MAX_VIDEO_URL_CHARS) return null;
  const text = src.trim();
  if (text === '' || /[\u0000-\u0020\u007f-\u009f]/.test(text)) return null;
  if (/^\/uploads\/[^/]/.test(text)) return text;
  const url = parseWebUrl(text);
  return url && /^https?:\/\//i.test(text) ? url.href : null;
}
