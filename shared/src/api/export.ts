import { Type, type Static } from 'typebox';

/**
 * Server-side shapes of a document, rendered from its stored Y.Doc with the document model:
 *   GET /api/documents/:id/export?format=html|text|json|md|pdf|docx[&page=a4|letter][&suggestions=accepted|marked]
 *   (editor or viewer token)
 *     → 200, as a download
 *
 * - `html`: exactly what the editor's "Download HTML" writes (body, entities as configured, UTF-8 wrapper);
 * - `text`: the plain text as the editor's `getText()` gives it (blocks separated by an empty line);
 * - `json`: `ExportedJson`, the title and the ProseMirror document (`doc` goes straight into `setContent`);
 * - `md`: Markdown by the model's rules (`documentMarkdown`): what Markdown cannot say is the model's HTML;
 * - `pdf`: a PDF with real (selectable) text, rendered in a worker thread; `page` chooses A4 (default) or Letter;
 * - `docx`: a Word document of the same content (page size from `page` too).
 */

export const ExportFormat = Type.Union([
  Type.Literal('html'),
  Type.Literal('text'),
  Type.Literal('json'),
  Type.Literal('md'),
  Type.Literal('pdf'),
  Type.Literal('docx'),
]);
export type ExportFormat = Static<typeof ExportFormat>;

/** The page size of a PDF or .docx export. */
export const ExportPage = Type.Union([Type.Literal('a4'), Type.Literal('letter')]);
export type ExportPage = Static<typeof ExportPage>;

/**
 * Suggestions (issue 28): `accepted` (default) writes the document as Accept all would leave it; `marked` keeps
 * them as marks (HTML and Markdown `<ins>`/`<del>`, PDF underlined/struck through in colour, Word tracked changes).
 */
export const ExportSuggestions = Type.Union([Type.Literal('accepted'), Type.Literal('marked')]);
export type ExportSuggestions = Static<typeof ExportSuggestions>;

export { defaultExportSuggestions } from './export-values';

export const ExportQuery = Type.Object(
  {
    format: Type.Optional(ExportFormat),
    page: Type.Optional(ExportPage),
    suggestions: Type.Optional(ExportSuggestions),
  },
  { additionalProperties: false },
);
export type ExportQuery = Static<typeof ExportQuery>;

/**
 * The answer: the rendered document as text (JSON is sent already serialized); PDF and .docx are bytes,
 * which the server sends as they are (a byte body is never serialized against the schema).
 */
export const ExportBody = Type.Union([Type.String(), Type.Unsafe<Uint8Array>({ type: 'string' })]);

/** The page size when `page` is absent. */
export const defaultExportPage: ExportPage = 'a4';

/** Formats rendered in a worker thread and answered as bytes. */
export const binaryExportFormats = ['pdf', 'docx'] as const;
export type BinaryExportFormat = (typeof binaryExportFormats)[number];

export function isBinaryExportFormat(format: ExportFormat): format is BinaryExportFormat {
  return format === 'pdf' || format === 'docx';
}

/** The format when `format` is absent. */
export const defaultExportFormat: ExportFormat = 'html';

/** Content type and file extension of each format. */
export const exportFormats: Readonly<Record<ExportFormat, { contentType: string; extension: string }>> = {
  html: { contentType: 'text/html; charset=utf-8', extension: 'html' },
  text: { contentType: 'text/plain; charset=utf-8', extension: 'txt' },
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
  md: { contentType: 'text/markdown; charset=utf-8', extension: 'md' },
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
};

/** A ProseMirror node as `Node.toJSON()` writes it. */
export interface ProseMirrorJson {
  type: string;
  attrs?: Record<string, unknown>;
  content?: ProseMirrorJson[];
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
  text?: string;
}

/** `format=json`: the document's title and its content as the document model's ProseMirror JSON. */
export interface ExportedJson {
  title: string;
  doc: ProseMirrorJson;
}
