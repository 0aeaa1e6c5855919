import { applySuggestions } from '@handlewithcare/prosemirror-suggest-changes';
import type { Mark, MarkType, Node as PmNode } from '@tiptap/pm/model';
import { EditorState } from '@tiptap/pm/state';
import { Transform } from '@tiptap/pm/transform';
import { readAttrs } from './attribute-model';
import {
  DeletionMarkName,
  InsertionMarkName,
  ModificationMarkName,
  OBJECT_SUGGESTION_ATTRIBUTE,
  SUGGESTION_ANCHOR_CHAR,
  SuggestionMarkNames,
  readObjectSuggestion,
  type ObjectSuggestion,
} from './suggestion-model';

/**
 * Suggestions in the outputs (issue 28 point 4): the exports write a document "with suggestions accepted" (the
 * default: what Accept all in the editor gives) or "as marked" (the changes kept as marks, without the
 * zero-width anchors suggestion mode writes for paragraph breaks and empty blocks).
 */

/** How an output treats suggestions. */
export type SuggestionsOutput = 'accepted' | 'marked';
export const defaultSuggestionsOutput: SuggestionsOutput = 'accepted';

/** The suggestion mark types of a schema that has them. */
function suggestionTypes(doc: PmNode): MarkType[] {
  const { marks } = doc.type.schema;
  return SuggestionMarkNames.map((name) => marks[name]).filter((type): type is MarkType => type !== undefined);
}

/** Whether the document holds any suggestion (insertion, deletion or modification mark). */
export function hasSuggestions(doc: PmNode): boolean {
  const types = suggestionTypes(doc);
  if (types.length === 0) return false;
  let found = false;
  doc.descendants((node) => {
    if (found) return false;
    if (node.marks.some((mark) => types.includes(mark.type))) found = true;
    return !found;
  });
  return found;
}

/**
 * The document with every suggestion accepted: the library's `applySuggestions` (the editor's Accept all),
 * so deleted text is gone, inserted text stays without its mark, the anchors of inserted blocks go and paragraphs
 * whose break was deleted are joined. The document itself is not changed; without suggestions it is returned.
 */
export function acceptedSuggestions(doc: PmNode): PmNode {
  if (!hasSuggestions(doc)) return doc;
  let accepted = doc;
  applySuggestions(EditorState.create({ doc }), (tr) => {
    accepted = tr.doc;
  });
  return accepted;
}

/** Whether a suggestion mark is among `marks`. */
const isSuggestionMark = (mark: Mark): boolean =>
  mark.type.name === InsertionMarkName || mark.type.name === DeletionMarkName;

/**
 * The document with its suggestions as marks, for the "as marked" outputs: the zero-width anchors that carry
 * a suggestion (a deleted paragraph break, an inserted empty block) removed, and the library's modification
 * mark (never stored by Tandem) dropped. Without suggestions the document is returned.
 */
export function markedSuggestions(doc: PmNode): PmNode {
  if (!hasSuggestions(doc)) return doc;
  const anchors: Array<{ from: number; to: number }> = [];
  doc.descendants((node, pos) => {
    if (!node.isText || !node.marks.some(isSuggestionMark)) return;
    const text = node.text ?? '';
    for (let i = text.indexOf(SUGGESTION_ANCHOR_CHAR); i >= 0; i = text.indexOf(SUGGESTION_ANCHOR_CHAR, i + 1)) {
      anchors.push({ from: pos + i, to: pos + i + 1 });
    }
  });
  const tr = new Transform(doc);
  for (const { from, to } of anchors.reverse()) tr.delete(from, to);
  const modification = doc.type.schema.marks[ModificationMarkName];
  if (modification) tr.removeMark(0, tr.doc.content.size, modification);
  return tr.doc;
}

/** The inline objects of `doc` whose `suggestion` attribute names a valid suggestion, with their positions. */
export function objectSuggestionsIn(
  doc: PmNode,
  from = 0,
  to = doc.content.size,
): Array<{ pos: number; suggestion: ObjectSuggestion }> {
  const found: Array<{ pos: number; suggestion: ObjectSuggestion }> = [];
  doc.nodesBetween(from, to, (node, pos) => {
    if (!node.isInline) return true;
    if (node.isLeaf && !node.isText) {
      const suggestion = readObjectSuggestion(node.attrs[OBJECT_SUGGESTION_ATTRIBUTE]);
      if (suggestion) found.push({ pos, suggestion });
    }
    return false;
  });
  return found;
}

/**
 * The document with the suggestions of its inline objects as marks, as the editor shows them (the shared
 * document keeps them as the objects' `suggestion` attribute; see suggestion-model.ts). Without any, `doc`.
 */
export function withObjectSuggestionMarks(doc: PmNode): PmNode {
  const found = objectSuggestionsIn(doc);
  const { marks } = doc.type.schema;
  const insertion = marks[InsertionMarkName];
  const deletion = marks[DeletionMarkName];
  if (found.length === 0 || !insertion || !deletion) return doc;
  const tr = new Transform(doc);
  for (const { pos, suggestion } of found) {
    const type = suggestion.kind === InsertionMarkName ? insertion : deletion;
    tr.removeMark(pos, pos + 1, insertion).removeMark(pos, pos + 1, deletion);
    tr.addMark(pos, pos + 1, type.create({ id: suggestion.id, author: suggestion.author }));
  }
  return tr.doc;
}

/** The document as an output writes it with `mode`. */
export function suggestionsOutput(doc: PmNode, mode: SuggestionsOutput): PmNode {
  const shown = withObjectSuggestionMarks(doc);
  return mode === 'marked' ? markedSuggestions(shown) : acceptedSuggestions(shown);
}

/** One suggestion mark's kind, id and author as the outputs write them (attributes read through the model). */
export interface SuggestionInfo {
  kind: 'insertion' | 'deletion';
  id: string | null;
  author: string | null;
}

/** The insertion or deletion among a node's marks, read through the model's validators; null when none. */
export function suggestionOf(marks: readonly Mark[]): SuggestionInfo | null {
  const mark = marks.find(isSuggestionMark);
  if (!mark) return null;
  const attrs = readAttrs(mark);
  return {
    kind: mark.type.name === InsertionMarkName ? 'insertion' : 'deletion',
    id: typeof attrs.id === 'string' ? attrs.id : null,
    author: typeof attrs.author === 'string' ? attrs.author : null,
  };
}
