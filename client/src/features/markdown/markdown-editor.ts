import { markdown as markdownLanguage } from '@codemirror/lang-markdown';
import type { EditorView } from '@codemirror/view';
import type { Editor } from '@tiptap/core';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { documentMarkdown } from '@shared/document/markdown/markdown';
import type { EditorOptions } from '@shared/editor-options';
import { createCodeEditor, setCodeEditorText, type CodeEditorPhrases } from '../../editor/ui/code-editor';
import { MarkdownSync } from './markdown-sync';

/** The Markdown pane's CodeMirror, bound to the document (lazy chunk: CodeMirror, Markdown rules, marked). */
export function mountMarkdown(options: {
  editor: Editor;
  parent: HTMLElement;
  editorOptions: EditorOptions;
  label: string;
  phrases: CodeEditorPhrases;
}): { view: EditorView; sync: MarkdownSync } {
  const { editor } = options;
  const rules = documentMarkdown(createDocumentModel(options.editorOptions), editor.schema);
  let view: EditorView | null = null;
  const sync = new MarkdownSync(editor, rules, (text) => {
    if (view) setCodeEditorText(view, text);
  });
  view = createCodeEditor({
    parent: options.parent,
    text: sync.text(),
    language: markdownLanguage(),
    label: options.label,
    phrases: options.phrases,
    onChange: (text) => sync.typedText(text),
  });
  return { view, sync };
}
