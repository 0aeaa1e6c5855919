/**
 * The model's HTML inside Markdown: written so that Markdown's own syntax cannot reach into it, and read
 * back as one piece (Tiptap pairs an inline opening tag with the first closing tag of its name, which
 * splits nested `<span>`s).
 */

/** Elements without content or end tag (they never open a level). */
const VOID = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'source', 'track', 'wbr']);

/** A start or end tag as CommonMark's raw HTML defines it (quoted values may hold `>`). */
const TAG =
  /<(\/?)([A-Za-z][A-Za-z0-9-]*)((?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/y;

/** How far one piece of inline HTML is looked for (a line of unclosed tags must not cost its square). */
const MAX_INLINE_HTML_CHARS = 20_000;

/** Characters of the HTML's text that Markdown's inline syntax around it (or a table row) could pair with. */
const MARKDOWN_SIGNIFICANT = /[\\`*_[\]~|\n]/g;

/**
 * `html` (the model's serialization: attributes quoted, `<` and `>` escaped in them) with the text between
 * its tags made inert for Markdown: syntax characters and line breaks become character references, which
 * the HTML parser reads back as the same characters (a line break would end an HTML block in Markdown).
 */
export function markdownSafeHtml(html: string): string {
  return html.replace(/(<[^>]*>)|([^<]+)/g, (_all, tag: string | undefined, text: string | undefined) =>
    tag !== undefined ? tag : (text ?? '').replace(MARKDOWN_SIGNIFICANT, (c) => `&#${String(c.charCodeAt(0))};`),
  );
}

/**
 * The balanced inline HTML at the start of `src` (an element with everything up to its own end tag, or a
 * void element), on one line; null when there is none.
 */
export function matchInlineHtml(src: string): string | null {
  const stack: string[] = [];
  const lineEnd = src.indexOf('\n');
  // Inline HTML the model writes never spans lines; what a person typed across lines is Markdown's to read.
  const end = Math.min(lineEnd < 0 ? src.length : lineEnd, MAX_INLINE_HTML_CHARS);
  let pos = 0;
  while (pos < end) {
    const next = src.indexOf('<', pos);
    if (next < 0 || next >= end) return null;
    TAG.lastIndex = next;
    const tag = TAG.exec(src);
    if (!tag) {
      if (stack.length === 0) return null;
      pos = next + 1;
      continue;
    }
    const [raw, closing, rawName = '', , selfClosing] = tag;
    const name = rawName.toLowerCase();
    if (stack.length === 0 && next !== 0) return null;
    pos = next + raw.length;
    if (pos > end) return null;
    if (closing) {
      if (stack.pop() !== name) return null;
    } else if (!VOID.has(name) && !selfClosing) stack.push(name);
    if (stack.length === 0) return src.slice(0, pos);
  }
  return null;
}
