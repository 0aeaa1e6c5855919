import type { Editor } from '@tiptap/core';
import type { SuggestionsOutput } from '@shared/document/model/suggestion-outputs';
import type { Capability, CapabilityContext } from '../../editor/core/capability';
import { chunk } from '../../editor/core/lazy';
import { htmlExportStrings } from './html-export.i18n';

/**
 * The serializer and the entity table are not needed to show or edit the document: their chunk is
 * fetched when an export or a download first asks for it.
 */
export const loadHtmlExport = chunk(() => import('./download-html')).load;

/** Saves the editor's document as `<title>.html` once the export's chunk is there. */
export async function downloadDocumentHtml(
  editor: Editor,
  context: CapabilityContext,
  untitled: string,
  lang: string,
  suggestions?: SuggestionsOutput,
): Promise<void> {
  const { downloadDocumentHtml: download, iconDrawingsFor } = await loadHtmlExport();
  download(editor, context, untitled, lang, await iconDrawingsFor(editor.state.doc), suggestions);
}

/** The editor's HTML as the export writes it (entities encoded as configured). */
export async function exportHtml(editor: Editor, context: CapabilityContext): Promise<string> {
  const { exportHtml: write, iconDrawingsFor } = await loadHtmlExport();
  return write(editor, context, await iconDrawingsFor(editor.state.doc));
}

/**
 * The HTML export (FROALA-REFERENCE §11): configured characters as named entities, and the download the
 * "Download and print" menu (features/export) and the connection alert offer.
 */
export const htmlExport: Capability = {
  name: 'htmlExport',
  extensions: [],
  i18n: htmlExportStrings,
  toolbar: [],
};
