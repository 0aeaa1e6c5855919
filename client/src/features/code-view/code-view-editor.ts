import { html } from '@codemirror/lang-html';
import type { Editor } from '@tiptap/core';
import type { EditorView } from '@codemirror/view';
import { createCodeEditor, type CodeEditorPhrases } from '../../editor/ui/code-editor';
import { formatHtml } from './code-view-format';
import { CodeViewSession } from './code-view-session';

/** The code view's CodeMirror (lazy chunk: CodeMirror, its HTML language and the beautifier load here). */
export function mountCodeView(options: {
  editor: Editor;
  parent: HTMLElement;
  entities: string;
  label: string;
  phrases: CodeEditorPhrases;
  onLeave: () => void;
}): { view: EditorView; session: CodeViewSession } {
  const session = new CodeViewSession(options.editor, options.entities, formatHtml);
  const view = createCodeEditor({
    parent: options.parent,
    text: session.shown,
    language: html(),
    label: options.label,
    phrases: options.phrases,
    keys: [
      {
        key: 'Mod-Alt-h',
        run: () => {
          options.onLeave();
          return true;
        },
      },
    ],
  });
  return { view, session };
}
