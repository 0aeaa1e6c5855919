import type { Editor } from '@tiptap/core';
import { exportBodyHtml } from '@shared/document/html/html-export';
import type { CapabilityContext } from '../../editor/core/capability';

/** The editor's HTML as the export writes it: the configured characters as named entities. */
export function exportHtml(editor: Editor, context: CapabilityContext): string {
  return exportBodyHtml(editor.state.doc, context.options.entities);
}
