import { html } from '@codemirror/lang-html';
import type { Editor } from '@tiptap/core';
import type { EditorView } from '@codemirror/view';
import { createCodeEditor, type CodeEditorPhrases } from '../../editor/ui/code-editor';
import type { CodeViewDraft } from './code-view-draft';
import { formatHtml } from './code-view-format';
import { CodeViewSession } from './code-view-session';
import { closingTagsTypedOver } from './code-view-closing-tags';
import { autoCloseTags } from './code-view-auto-close';

/** The code view's CodeMirror (lazy chunk: CodeMirror, its HTML language and the beautifier load here). */
export function mountCodeView(options: {
  editor: Editor;
  parent: HTMLElement;
  entities: string;
  label: string;
  phrases: CodeEditorPhrases;
  onLeave: () => void;
  /** Text kept from a visit that a reload interrupted: shown instead of the document, merged against its base. */
  draft: CodeViewDraft | null;
  onChange: (text: string) => void;
}): { view: EditorView; session: CodeViewSession } {
  const { draft } = options;
  const session = new CodeViewSession(options.editor, options.entities, formatHtml, draft?.shown);
  const view = createCodeEditor({
    parent: options.parent,
    text: draft?.text ?? session.shown,
    onChange: options.onChange,
    // Our auto-closing instead of the language's: it reads a finished parse (see code-view-auto-close).
    language: [html({ autoCloseTags: false }), autoCloseTags, closingTagsTypedOver()],
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
