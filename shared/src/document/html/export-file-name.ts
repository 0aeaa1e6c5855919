// Apart from html-export.ts (which needs ProseMirror): the server's export route names its downloads with
// this, and the route is registered at start (issue 29: Tiptap loads at the first export, not at start).

// Lone surrogates cannot be written to a file name or URL-encoded (Content-Disposition).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A download name from the title: without characters file systems refuse (those become `_`), invisible
 * format characters and lone surrogates, at most 100 characters, never empty (`fallback`), with `.extension`.
 */
export function exportFileName(title: string, fallback: string, extension: string): string {
  const cleaned = title
    .replace(LONE_SURROGATE, '')
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const base = Array.from(cleaned)
    .slice(0, 100)
    .join('')
    .replace(/[\s.]+$/, '');
  return `${base || fallback}.${extension}`;
}
