import type { Editor } from '@tiptap/core';
import type { Mark, Node as PmNode } from '@tiptap/pm/model';
import type { Command, EditorState, Transaction } from '@tiptap/pm/state';
import {
  applySuggestion,
  applySuggestions,
  revertSuggestion,
  revertSuggestions,
  suggestChangesKey,
} from '@handlewithcare/prosemirror-suggest-changes';
import { readAttrs } from '@shared/document/model/attribute-model';
import {
  DeletionMarkName,
  InsertionMarkName,
  SUGGESTION_ANCHOR_CHAR,
  isSuggestionAuthor,
  isSuggestionId,
} from '@shared/document/model/suggestion-model';

export type SuggestionKind = 'insertion' | 'deletion' | 'replacement';

/** One suggestion (all the text carrying its id), as the panel and the bubble show it. */
export interface SuggestionEntry {
  id: string;
  /** Validated author name, or null when the mark has none (or a refused one). */
  author: string | null;
  kind: SuggestionKind;
  /** The text suggested for insertion and for deletion (anchors left out). */
  inserted: string;
  deleted: string;
  from: number;
  to: number;
}

const isSuggestionMark = (mark: Mark): boolean =>
  mark.type.name === InsertionMarkName || mark.type.name === DeletionMarkName;

/** The id and author of a suggestion mark, read through the model's validators. */
export function suggestionOf(mark: Mark): { id: string; author: string | null } | null {
  if (!isSuggestionMark(mark)) return null;
  const attrs = readAttrs(mark);
  if (!isSuggestionId(attrs.id)) return null;
  return { id: attrs.id as string, author: isSuggestionAuthor(attrs.author) ? (attrs.author as string) : null };
}

const visible = (text: string): string => text.split(SUGGESTION_ANCHOR_CHAR).join('');

function add(entries: Map<string, SuggestionEntry>, node: PmNode, pos: number, mark: Mark): void {
  const found = suggestionOf(mark);
  if (!found) return;
  const text = node.isText ? (node.text ?? '') : node.type.name === 'hardBreak' ? ' ' : '';
  const inserted = mark.type.name === InsertionMarkName;
  let entry = entries.get(found.id);
  if (!entry) {
    entry = {
      id: found.id,
      author: found.author,
      kind: inserted ? 'insertion' : 'deletion',
      inserted: '',
      deleted: '',
      from: pos,
      to: pos,
    };
    entries.set(found.id, entry);
  }
  if (entry.author === null) entry.author = found.author;
  if (inserted) entry.inserted += text;
  else entry.deleted += text;
  entry.to = pos + node.nodeSize;
  if ((inserted && entry.kind === 'deletion') || (!inserted && entry.kind === 'insertion')) entry.kind = 'replacement';
}

/**
 * Every suggestion in `[from, to)` (the whole document by default), in document order. A walk: called when the
 * panel draws (after a pause in editing) or on a click, never per keystroke.
 */
export function suggestionsIn(doc: PmNode, from = 0, to = doc.content.size): SuggestionEntry[] {
  const entries = new Map<string, SuggestionEntry>();
  doc.nodesBetween(from, to, (node, pos) => {
    if (!node.isInline) return true;
    for (const mark of node.marks) add(entries, node, pos, mark);
    return false;
  });
  for (const entry of entries.values()) {
    entry.inserted = visible(entry.inserted);
    entry.deleted = visible(entry.deleted);
  }
  return [...entries.values()];
}

/** The suggestion at the caret (or where the selection starts), or null: a look at the marks there, not a walk. */
export function suggestionAtSelection(state: EditorState): { id: string; author: string | null } | null {
  const { $from, empty } = state.selection;
  const candidates = empty
    ? [...$from.marks(), ...($from.nodeAfter?.marks ?? []), ...($from.nodeBefore?.marks ?? [])]
    : ($from.nodeAfter?.marks ?? []);
  for (const mark of candidates) {
    const found = suggestionOf(mark);
    if (found) return found;
  }
  return null;
}

/** Runs the commands one after the other as one transaction (one undo step); null when none applied. */
function composed(state: EditorState, commands: Command[]): Transaction | null {
  const tr = state.tr;
  let current = state;
  for (const command of commands) {
    command(current, (step) => {
      for (const s of step.steps) tr.step(s);
      current = current.apply(step);
    });
  }
  return tr.docChanged ? tr : null;
}

function run(editor: Editor, commands: Command[]): boolean {
  if (!editor.isEditable) return false;
  const tr = composed(editor.state, commands);
  if (!tr) return false;
  // Accepting and rejecting are never tracked themselves (the library's own meta).
  editor.view.dispatch(tr.setMeta(suggestChangesKey, { skip: true }));
  return true;
}

/** Accepts one suggestion: its insertions stay as text, its deletions go. */
export const acceptSuggestion = (editor: Editor, id: string): boolean => run(editor, [applySuggestion(id)]);

/** Rejects one suggestion: its insertions go, its deletions stay as text. */
export const rejectSuggestion = (editor: Editor, id: string): boolean => run(editor, [revertSuggestion(id)]);

/** Accepts every suggestion of the document. */
export const acceptAll = (editor: Editor): boolean => run(editor, [applySuggestions]);

/** Rejects every suggestion of the document. */
export const rejectAll = (editor: Editor): boolean => run(editor, [revertSuggestions]);

/** The ids of the suggestions the selection touches. */
const idsInSelection = (state: EditorState): string[] => {
  const { from, to } = state.selection;
  return suggestionsIn(state.doc, from, Math.max(to, from + 1)).map((entry) => entry.id);
};

/**
 * Accepts the suggestions the selection touches, each whole (the library's *InRange commands are not exported
 * by 0.1.8, and a suggestion accepted in part would leave half a change).
 */
export const acceptInSelection = (editor: Editor): boolean =>
  run(
    editor,
    idsInSelection(editor.state).map((id) => applySuggestion(id)),
  );

/** Rejects the suggestions the selection touches, each whole. */
export const rejectInSelection = (editor: Editor): boolean =>
  run(
    editor,
    idsInSelection(editor.state).map((id) => revertSuggestion(id)),
  );
