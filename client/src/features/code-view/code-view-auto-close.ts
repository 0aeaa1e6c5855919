import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import { EditorSelection, type ChangeSpec, type EditorState, type SelectionRange } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { voidElements } from './code-view-closing-tags';

type Tree = ReturnType<typeof syntaxTree>;
type SyntaxNode = ReturnType<Tree['resolveInner']>;
import { htmlLanguage } from '@codemirror/lang-html';

/**
 * How long a typed `>` or `/` may wait for the parse of the text around it. The language's own parse after a
 * change runs against a 20 ms clock; on a busy machine it stops early and an auto-closing read from its tree
 * would miss the tag just typed (`<p>` stayed open under load), so this one finishes the parse first.
 */
const PARSE_FOR_CLOSING_MS = 500;

/** The name of an element node as written in its opening tag, cut at `upTo`. */
function nameOf(state: EditorState, element: SyntaxNode | null, upTo = state.doc.length): string {
  const name = element?.firstChild?.getChild('TagName');
  return name ? state.sliceDoc(name.from, Math.min(name.to, upTo)) : '';
}

/** Whether the element already ends in a closing tag of its own (not one that belongs to a same-named parent). */
function hasOwnClose(state: EditorState, element: SyntaxNode, name: string): boolean {
  for (let at: SyntaxNode | null = element; at;) {
    if (at.lastChild?.name !== 'CloseTag') return false;
    const parent: SyntaxNode | null = at.parent;
    if (!parent || nameOf(state, parent) !== name) return true;
    at = parent;
  }
  return true;
}

/** The closing tag to add after the `>` or `/` just typed at the end of `range`, if any. */
function closingFor(
  state: EditorState,
  tree: Tree,
  range: SelectionRange,
  typed: string,
): { range: SelectionRange; changes?: ChangeSpec } {
  const { head } = range;
  if (state.sliceDoc(head - 1, head) !== typed) return { range };
  const before = tree.resolveInner(head, -1);
  // Typing over a `>` that is already there keeps one.
  const to = head + (state.sliceDoc(head, head + 1) === '>' ? 1 : 0);
  if (typed === '>' && before.name === 'EndTag' && before.parent?.name === 'OpenTag') {
    const element = before.parent.parent;
    const name = nameOf(state, element, head);
    if (!element || !name || voidElements.has(name.toLowerCase()) || hasOwnClose(state, element, name)) {
      return { range };
    }
    return { range, changes: { from: head, to, insert: `</${name}>` } };
  }
  if (typed === '/' && before.name === 'IncompleteCloseTag' && before.from === head - 2) {
    const element = before.parent;
    const name = nameOf(state, element, head);
    if (!element || element.lastChild?.name === 'CloseTag' || !name || voidElements.has(name.toLowerCase())) {
      return { range };
    }
    const insert = `${name}>`;
    return { range: EditorSelection.cursor(head + insert.length, -1), changes: { from: head, to, insert } };
  }
  return { range };
}

/**
 * HTML's auto-closing in the code view (`<b>` gives `<b>|</b>`, `</` completes the open element's name), read
 * from a finished parse so that it does the same on a loaded machine as on an idle one. Replaces the HTML
 * language's `autoCloseTags`, whose edits it marks alike (`input.complete`).
 */
export const autoCloseTags = EditorView.inputHandler.of((view, from, to, text, insertTransaction) => {
  if (view.composing || view.state.readOnly || from !== to || (text !== '>' && text !== '/')) return false;
  // Not inside embedded CSS or script.
  if (!htmlLanguage.isActiveAt(view.state, from, -1)) return false;
  const base = insertTransaction();
  const { state } = base;
  const tree = ensureSyntaxTree(state, state.doc.length, PARSE_FOR_CLOSING_MS) ?? syntaxTree(state);
  const closing = state.changeByRange((range) => closingFor(state, tree, range, text));
  if (closing.changes.empty) return false;
  view.dispatch([base, state.update(closing, { userEvent: 'input.complete', scrollIntoView: true })]);
  return true;
});
