import {
  defaultExportSuggestions,
  exportFormats,
  type BinaryExportFormat,
  type ExportFormat,
  type ExportSuggestions,
} from '@shared/api/export';
import type { DocumentModel } from '@shared/document/model/create-document-model';
import { exportedBodyHtml, exportedDocument, exportFileName, htmlDocument } from '@shared/document/html/html-export';
import { documentMarkdown } from '@shared/document/markdown/markdown';
import { LUCIDE_DRAWINGS } from '@shared/document/icons/lucide-drawings';
import { documentJson, proseMirrorDocOf } from '../../domain/ydoc/read-document';
import { renderText } from './text/render-text';

/** The formats rendered here on the event loop (PDF and .docx go to the export workers). */
export type TextExportFormat = Exclude<ExportFormat, BinaryExportFormat>;

/** One rendered export: the bytes to send and how to send them. */
export interface RenderedExport {
  /** Text formats as a string, PDF and .docx as bytes. */
  body: string | Buffer;
  contentType: string;
  fileName: string;
}

/** The `<title>` of an untitled document, as the editor in English writes it (the server has no locale). */
export const UNTITLED = 'Untitled';
/** The download name of an untitled document. */
export const FALLBACK_FILE_NAME = 'document';
/** `lang` of the exported HTML document (the editor writes its interface language). */
export const EXPORT_LANG = 'en';

/** The document (a Y.Doc state) in one of the export formats, rendered with the model of the deployment. */
export function renderExport(
  state: Uint8Array,
  format: TextExportFormat,
  model: DocumentModel,
  entities: string,
  suggestions: ExportSuggestions = defaultExportSuggestions,
): RenderedExport {
  const { doc, title } = proseMirrorDocOf(state, model.schema);
  const { contentType, extension } = exportFormats[format];
  const fileName = exportFileName(title, FALLBACK_FILE_NAME, extension);
  let body: string;
  if (format === 'html') {
    body = htmlDocument(
      title || UNTITLED,
      exportedBodyHtml(doc, entities, LUCIDE_DRAWINGS, suggestions),
      entities,
      EXPORT_LANG,
    );
  } else if (format === 'text') {
    body = renderText(exportedDocument(doc, { blankLines: false, suggestions }));
  } else if (format === 'md') {
    body = documentMarkdown(model).serialize(exportedDocument(doc, { blankLines: false, suggestions }));
  } else {
    body = JSON.stringify(documentJson(exportedDocument(doc, { suggestions }), title));
  }
  return { body, contentType, fileName };
}
