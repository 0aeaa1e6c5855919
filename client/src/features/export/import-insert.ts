import { getHTMLFromFragment, type Editor } from '@tiptap/core';
import { Slice } from '@tiptap/pm/model';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { documentMarkdown } from '@shared/document/markdown/markdown';
import type { EditorOptions } from '@shared/editor-options';
import { addPasteStep, codeForPaste } from '../../editor/core/paste-pipeline';
import type { ImportContent } from './import-file';

/** Markdown as the model's HTML: parsed by the model's Markdown rules into the editor's schema. */
export function markdownToHtml(markdown: string, editor: Editor, options: EditorOptions): string {
  const doc = documentMarkdown(createDocumentModel(options), editor.schema).parse(markdown);
  return getHTMLFromFragment(doc.content, editor.schema);
}

/**
 * Puts imported content at the caret through the paste pipeline, as if it had been pasted: cleaned, parsed
 * by the model's rules, counted against the limits, its pictures uploaded (data:) or fetched by the server
 * (remote), then sent to the others as any edit. Waits for the pipeline's code first (the upload routing
 * may still be on its way). True when the document changed.
 */
export async function insertImport(editor: Editor, options: EditorOptions, content: ImportContent): Promise<boolean> {
  const html = content.format === 'markdown' ? markdownToHtml(content.text, editor, options) : content.text;
  await codeForPaste(editor, html);
  if (editor.isDestroyed) return false;
  const before = editor.state.doc;
  // Whole blocks: a pasted slice is open, so its first block would merge into the paragraph at the caret
  // (a heading becoming text of it); an import splits that paragraph instead.
  const removeStep = addPasteStep(editor, {
    stage: 'parse',
    transformSlice: (slice) => (slice.openStart || slice.openEnd ? new Slice(slice.content, 0, 0) : slice),
  });
  try {
    editor.view.focus();
    editor.view.pasteHTML(html);
  } finally {
    removeStep();
  }
  return editor.state.doc !== before;
}
