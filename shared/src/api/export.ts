import { Type, type Static } from 'typebox';

/**
 * Server-side shapes of a document, rendered from its stored Y.Doc with the document model:
 *   GET /api/documents/:id/export?format=html|text|json|md  (editor or viewer token) → 200, as a download
 *
 * - `html`: exactly what the editor's "Download HTML" writes (body, entities as configured, UTF-8 wrapper);
 * - `text`: the plain text as the editor's `getText()` gives it (blocks separated by an empty line);
 * - `json`: `ExportedJson`, the title and the ProseMirror document (`doc` goes straight into `setContent`);
 * - `md`: Markdown by the model's rules (`documentMarkdown`): what Markdown cannot say is the model's HTML.
 */

export const ExportFormat = Type.Union([
  Type.Literal('html'),
  Type.Literal('text'),
  Type.Literal('json'),
  Type.Literal('md'),
]);
export type ExportFormat = Static<typeof ExportFormat>;

export const ExportQuery = Type.Object({ format: Type.Optional(ExportFormat) }, { additionalProperties: false });
export type ExportQuery = Static<typeof ExportQuery>;

/** The answer: the rendered document as text, whatever the format (JSON is sent already serialized). */
export const ExportBody = Type.String();

/** The format when `format` is absent. */
export const defaultExportFormat: ExportFormat = 'html';

/** Content type and file extension of each format. */
export const exportFormats: Readonly<Record<ExportFormat, { contentType: string; extension: string }>> = {
  html: { contentType: 'text/html; charset=utf-8', extension: 'html' },
  text: { contentType: 'text/plain; charset=utf-8', extension: 'txt' },
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
  md: { contentType: 'text/markdown; charset=utf-8', extension: 'md' },
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
