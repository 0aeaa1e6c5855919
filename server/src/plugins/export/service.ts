import { getText, getTextSerializersFromSchema } from '@tiptap/core';
import type { Node as PmNode, Schema } from '@tiptap/pm/model';
import { yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import {
  exportFormats,
  type BinaryExportFormat,
  type ExportedJson,
  type ExportFormat,
  type ProseMirrorJson,
} from '@shared/api/export';
import type { DocumentModel } from '@shared/document/create-document-model';
import { exportBodyHtml, exportFileName, htmlDocument, withoutUploadPlaceholders } from '@shared/document/html-export';
import { documentMarkdown } from '@shared/document/markdown';
import { YDocKeys } from '@shared/document/ydoc-keys';

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

/** The title the editor shows: the shared `meta.title`, trimmed ('' when none). */
export function titleOf(doc: Y.Doc): string {
  const title: unknown = doc.getMap(YDocKeys.meta).get(YDocKeys.titleKey);
  return typeof title === 'string' ? title.trim() : '';
}

/**
 * The ProseMirror document of a Y.Doc state, read as the editor's y-tiptap binding reads it. It runs on a copy:
 * the binding deletes, in the Y.Doc it reads, any element the schema cannot hold.
 */
export function proseMirrorDocOf(state: Uint8Array, schema: Schema): { doc: PmNode; title: string } {
  const copy = new Y.Doc({ gc: false });
  try {
    Y.applyUpdate(copy, state);
    const doc = yXmlFragmentToProseMirrorRootNode(copy.getXmlFragment(YDocKeys.content), schema);
    return { doc, title: titleOf(copy) };
  } finally {
    copy.destroy();
  }
}

/** The plain text as Tiptap's `editor.getText()` gives it: blocks apart by an empty line, atoms by `renderText`. */
export function documentText(doc: PmNode): string {
  return getText(doc, { blockSeparator: '\n\n', textSerializers: getTextSerializersFromSchema(doc.type.schema) });
}

/** `format=json`: the title and the document without upload placeholders, as ProseMirror JSON. */
export function documentJson(doc: PmNode, title: string): ExportedJson {
  // Node.toJSON() writes plain JSON data of this shape.
  const json = doc.copy(withoutUploadPlaceholders(doc)).toJSON() as ProseMirrorJson;
  return { title, doc: json };
}

/** The document (a Y.Doc state) in one of the export formats, rendered with the model of the deployment. */
export function renderExport(
  state: Uint8Array,
  format: TextExportFormat,
  model: DocumentModel,
  entities: string,
): RenderedExport {
  const { doc, title } = proseMirrorDocOf(state, model.schema);
  const { contentType, extension } = exportFormats[format];
  const fileName = exportFileName(title, FALLBACK_FILE_NAME, extension);
  let body: string;
  if (format === 'html') {
    body = htmlDocument(title || UNTITLED, exportBodyHtml(doc, entities), entities, EXPORT_LANG);
  } else if (format === 'text') {
    body = documentText(doc);
  } else if (format === 'md') {
    body = documentMarkdown(model).serialize(doc.copy(withoutUploadPlaceholders(doc)));
  } else {
    body = JSON.stringify(documentJson(doc, title));
  }
  return { body, contentType, fileName };
}
