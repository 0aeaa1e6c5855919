import type { Comment, CommentAuthor, CommentEvent, CommentThread } from '@shared/api/comments';
import { isCommentThreadId } from '@shared/document/model/comment-model';
import { normalizeLinkUrl } from '@shared/document/model/link-url';

/** url-safe random characters (base64url of `bytes` random bytes). */
function randomUrlSafe(bytes: number): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  let text = '';
  for (const byte of raw) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new thread id: 22 url-safe characters (128 bits), within CommentLimits.idPattern. */
export const newThreadId = (): string => randomUrlSafe(16);

const AUTHOR_KEY = 'tandem.commentAuthor';
const AUTHOR_KEY_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * This browser's comment author key (CommentAuthorKey, sent as `x-tandem-author`): made once and kept in
 * localStorage, so the server knows this browser's comments as `mine`. Without storage it lasts the page.
 */
let pageKey: string | null = null;
export function commentAuthorKey(): string {
  try {
    const stored = localStorage.getItem(AUTHOR_KEY);
    if (stored !== null && AUTHOR_KEY_PATTERN.test(stored)) return stored;
    const made = randomUrlSafe(32);
    localStorage.setItem(AUTHOR_KEY, made);
    return made;
  } catch {
    pageKey ??= randomUrlSafe(32);
    return pageKey;
  }
}

const COLOR = /^#[0-9a-fA-F]{6}$/;
const int = (x: unknown): x is number => Number.isSafeInteger(x);
const record = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

function isAuthor(value: unknown): value is CommentAuthor {
  return record(value) && typeof value.name === 'string' && typeof value.color === 'string' && COLOR.test(value.color);
}

function isComment(value: unknown): value is Comment {
  return (
    record(value) &&
    typeof value.id === 'string' &&
    isAuthor(value.author) &&
    typeof value.body === 'string' &&
    int(value.createdAt) &&
    (value.editedAt === null || int(value.editedAt)) &&
    typeof value.mine === 'boolean'
  );
}

/** A thread as the server should send it; anything else is dropped rather than rendered. */
export function isCommentThread(value: unknown): value is CommentThread {
  return (
    record(value) &&
    isCommentThreadId(value.id) &&
    typeof value.quote === 'string' &&
    int(value.createdAt) &&
    typeof value.resolved === 'boolean' &&
    (value.resolvedBy === null || isAuthor(value.resolvedBy)) &&
    (value.resolvedAt === null || int(value.resolvedAt)) &&
    Array.isArray(value.comments) &&
    value.comments.length > 0 &&
    value.comments.every(isComment)
  );
}

/** The event of a comments frame's JSON, or null. */
export function commentEventOf(json: string): CommentEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!record(value)) return null;
  const { threadId, deleted } = value;
  if (typeof threadId !== 'string' || !isCommentThreadId(threadId)) return null;
  if (deleted !== undefined && typeof deleted !== 'boolean') return null;
  return { threadId, ...(deleted === true ? { deleted: true } : {}) };
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/**
 * "5 minutes ago", "vor 2 Stunden"…: the time of a comment relative to `now`, in the UI language; under a
 * minute it is `justNow` (the UI's "just now").
 */
export function relativeTime(ms: number, now: number, language: string, justNow: string): string {
  const diff = ms - now;
  if (Math.abs(diff) < 60_000) return justNow;
  try {
    const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    for (const [unit, size] of UNITS) {
      if (Math.abs(diff) >= size) return format.format(Math.round(diff / size), unit);
    }
    return justNow;
  } catch {
    return new Date(ms).toISOString();
  }
}

/** One run of a comment's text: plain, or a web address that is shown as a link. */
export interface BodyPart {
  text: string;
  href: string | null;
}

// A web address in running text; the punctuation that usually ends a sentence after it is not part of it.
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?'")\]]+$/;

/**
 * A comment body cut into text and links (bodies are plain text; their web addresses become links, as the
 * issue's "plain text plus links" asks). An address the link rules refuse stays text.
 */
export function bodyParts(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const match of body.matchAll(WEB_ADDRESS)) {
    const start = match.index;
    const address = match[0].replace(TRAILING, '');
    const result = normalizeLinkUrl(address);
    if (!result.ok || result.kind !== 'web') continue;
    if (start > last) parts.push({ text: body.slice(last, start), href: null });
    parts.push({ text: address, href: result.href });
    last = start + address.length;
  }
  if (last < body.length) parts.push({ text: body.slice(last), href: null });
  return parts;
}
