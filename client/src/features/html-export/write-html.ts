import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { exportedBodyHtml, hasIcons } from '@shared/document/html/html-export';
import type { IconDrawings } from '@shared/document/icons/icon-svg';
import type { SuggestionsOutput } from '@shared/document/model/suggestion-outputs';
import type { CapabilityContext } from '../../editor/core/capability';

/** The editor's HTML as the export writes it: the configured characters as named entities, no trailing empty paragraph. */
export function exportHtml(
  editor: Editor,
  context: CapabilityContext,
  drawings?: IconDrawings,
  suggestions?: SuggestionsOutput,
): string {
  return exportedBodyHtml(editor.state.doc, context.options.entities, drawings, suggestions);
}

/** The icons' drawings when the document has icons (the export draws them inline), loaded on demand. */
export async function iconDrawingsFor(doc: PmNode): Promise<IconDrawings | undefined> {
  if (!hasIcons(doc)) return undefined;
  return (await import('@shared/document/icons/lucide-drawings')).LUCIDE_DRAWINGS;
}
