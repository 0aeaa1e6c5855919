import { CommentLimits } from '@shared/limits';

/** C0 and C1 control characters except tab (\t) and newline (\n); \r is gone before this runs. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** Three blank lines or more (lines of spaces count as blank). */
const BLANK_RUN = /\n(?:[ \t]*\n){3,}/g;

const codePoints = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/** Line endings as \n, no control characters but tab and newline, at most two blank lines in a row, trimmed. */
function normalise(raw: string): string {
  return raw.replace(/\r\n?/g, '\n').replace(CONTROL, '').replace(BLANK_RUN, '\n\n\n').trim();
}

/**
 * A comment body as stored (`normalise`d). Null when nothing is left or it is longer than maxBodyChars
 * (characters counted as code points, as the schema's maxLength does).
 */
export function cleanBody(raw: string): string | null {
  const text = normalise(raw);
  if (text.length === 0 || codePoints(text) > CommentLimits.maxBodyChars) return null;
  return text;
}

/** The quote as kept (`normalise`d; it may be empty: an image's), cut to maxQuoteChars without splitting a character. */
export function cleanQuote(raw: string): string {
  const text = normalise(raw);
  if (codePoints(text) <= CommentLimits.maxQuoteChars) return text;
  return Array.from(text).slice(0, CommentLimits.maxQuoteChars).join('').trimEnd();
}

/** One line of text (an author's name): line breaks and tabs become spaces, control characters go, trimmed. */
export function cleanLine(raw: string): string {
  return raw
    .replace(/\r\n?|\n|\t/g, ' ')
    .replace(CONTROL, '')
    .trim();
}
