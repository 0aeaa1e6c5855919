import type { Editor } from '@tiptap/core';
import { exportedBodyHtml } from '@shared/document/html/html-export';
import type { CapabilityContext } from '../../editor/core/capability';

/** The editor's HTML as the export writes it: the configured characters as named entities, no trailing empty paragraph. */
export function exportHtml(editor: Editor, context: CapabilityContext): string {
  return exportedBodyHtml(editor.state.doc, context.options.entities);
}
