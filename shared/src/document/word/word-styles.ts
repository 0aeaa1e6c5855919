/**
 * Word (.docx) styles the export writes and the import reads, so that a document exported to Word comes back
 * with its quotes and code: Word's own "Quote", and pandoc's names for code ("Source Code" paragraphs,
 * "Verbatim Char" runs), which other tools' documents use too. Headings are Word's "Heading 1" … "Heading 6",
 * which mammoth reads as `<h1>` … `<h6>` by default.
 */

export interface WordStyle {
  /** The style's id in `styles.xml` (what a paragraph or run names). */
  id: string;
  /** The style's name (what Word shows, and what mammoth's style map matches). */
  name: string;
}

export const WordStyles = {
  quote: { id: 'Quote', name: 'Quote' },
  codeBlock: { id: 'SourceCode', name: 'Source Code' },
  inlineCode: { id: 'VerbatimChar', name: 'Verbatim Char' },
} as const satisfies Record<string, WordStyle>;

/**
 * mammoth's style map for reading Word files, on top of its default map (headings, lists, bold, italic,
 * strike, sub- and superscript, links, tables). One code block is one paragraph with line breaks; the lines of
 * a code block written as paragraphs of their own join into one.
 */
export const WORD_STYLE_MAP: readonly string[] = [
  `p[style-name='${WordStyles.quote.name}'] => blockquote > p:fresh`,
  `p[style-name='${WordStyles.codeBlock.name}'] => pre:separator('\\n')`,
  `r[style-name='${WordStyles.inlineCode.name}'] => code`,
  // mammoth drops underlining unless told what to make of it.
  'u => u',
];

/** The options the Word import converts with (mammoth's `convertToHtml`), in the browser and in tests. */
export function wordImportOptions(): { styleMap: string[] } {
  return { styleMap: [...WORD_STYLE_MAP] };
}
