import type { Editor } from '@tiptap/core';
import { exportFileName } from '@shared/document/html/export-file-name';
import { htmlDocument } from '@shared/document/html/html-export';
import type { CapabilityContext } from '../../editor/core/capability';
import { documentTitle } from '../../editor/core/document-title';
import type { IconDrawings } from '@shared/document/icons/icon-svg';
import type { SuggestionsOutput } from '@shared/document/model/suggestion-outputs';
import { exportHtml, iconDrawingsFor } from './write-html';

export { exportHtml, iconDrawingsFor };

/** Saves the editor's document as `<title>.html` (entities encoded as configured) through a download link. */
export function downloadDocumentHtml(
  editor: Editor,
  context: CapabilityContext,
  untitled: string,
  lang: string,
  drawings?: IconDrawings,
  suggestions?: SuggestionsOutput,
): void {
  const title = documentTitle(editor);
  const body = exportHtml(editor, context, drawings, suggestions);
  const html = htmlDocument(title || untitled, body, context.options.entities, lang);
  const url = URL.createObjectURL(new Blob([html], { type: 'text/html;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(title, untitled, 'html');
  link.click();
  // Revoke later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
