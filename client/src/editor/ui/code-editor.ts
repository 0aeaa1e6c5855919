import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorState, Transaction, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  type KeyBinding,
} from '@codemirror/view';

/** CodeMirror's own phrases (search panel, gutter) as this app's i18n gives them. */
export type CodeEditorPhrases = Record<string, string>;

export interface CodeEditorOptions {
  parent: HTMLElement;
  text: string;
  /** The language support (`html()`, `markdown()`), loaded by the feature that uses it. */
  language: Extension;
  /** Accessible name of the text area. */
  label: string;
  phrases: CodeEditorPhrases;
  /** Extra keys, before CodeMirror's own (leaving the view, for example). */
  keys?: readonly KeyBinding[];
  /** Called after every change of the text by the user. */
  onChange?: (text: string) => void;
}

/**
 * A source editor (CodeMirror 6) for the document's HTML or Markdown: line numbers, syntax highlighting,
 * search (Ctrl+F), bracket matching, its own undo; long lines wrap. Tab moves focus on (no tab trap).
 * Imported on demand only (it is a separate chunk).
 */
export function createCodeEditor(options: CodeEditorOptions): EditorView {
  const { onChange } = options;
  return new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: options.text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        drawSelection(),
        history(),
        indentOnInput(),
        bracketMatching(),
        highlightSelectionMatches(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        EditorView.lineWrapping,
        EditorState.tabSize.of(2),
        EditorState.phrases.of(options.phrases),
        EditorView.contentAttributes.of({ 'aria-label': options.label }),
        keymap.of([...(options.keys ?? []), ...defaultKeymap, ...historyKeymap, ...searchKeymap]),
        options.language,
        onChange
          ? EditorView.updateListener.of((update) => {
              // Only the user's own edits (typing, paste, undo…); text set from the document carries no user event.
              if (
                update.docChanged &&
                update.transactions.some((tr) => tr.annotation(Transaction.userEvent) !== undefined)
              ) {
                onChange(update.state.doc.toString());
              }
            })
          : [],
      ],
    }),
  });
}

/** Replaces the editor's text with `text` by its smallest differing range (keeps the scroll and, mostly, the caret). */
export function setCodeEditorText(view: EditorView, text: string): void {
  const current = view.state.doc.toString();
  if (current === text) return;
  let start = 0;
  const max = Math.min(current.length, text.length);
  while (start < max && current.charCodeAt(start) === text.charCodeAt(start)) start++;
  let endCurrent = current.length;
  let endText = text.length;
  while (endCurrent > start && endText > start && current.charCodeAt(endCurrent - 1) === text.charCodeAt(endText - 1)) {
    endCurrent--;
    endText--;
  }
  view.dispatch({ changes: { from: start, to: endCurrent, insert: text.slice(start, endText) } });
}
