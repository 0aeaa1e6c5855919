import { isChangeOrigin } from '@tiptap/extension-collaboration';
import type { Mark, MarkType, Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { AddMarkStep, RemoveMarkStep, ReplaceAroundStep, ReplaceStep } from '@tiptap/pm/transform';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import {
  DeletionMarkName,
  InsertionMarkName,
  OBJECT_SUGGESTION_ATTRIBUTE,
  isSuggestionAuthor,
  isSuggestionId,
  objectSuggestionValue,
  readObjectSuggestion,
} from '@shared/document/model/suggestion-model';
import { changedRanges } from './suggestion-track';

interface Types {
  insertion: MarkType;
  deletion: MarkType;
}

const isObject = (node: PmNode): boolean => node.isInline && node.isLeaf && !node.isText;
const canHold = (node: PmNode): boolean => OBJECT_SUGGESTION_ATTRIBUTE in (node.type.spec.attrs ?? {});

/** The attribute value an object's suggestion mark stands for (null without one, or with an invalid one). */
function valueOfMarks(marks: readonly Mark[], types: Types): string | null {
  const mark = marks.find((m) => m.type === types.insertion || m.type === types.deletion);
  if (!mark) return null;
  const { id, author } = mark.attrs as { id: unknown; author: unknown };
  if (!isSuggestionId(id)) return null;
  const kind = mark.type === types.insertion ? InsertionMarkName : DeletionMarkName;
  return objectSuggestionValue({
    kind,
    id: id as string,
    author: isSuggestionAuthor(author) ? (author as string) : null,
  });
}

/** Whether a local step may have put or taken a suggestion mark on an inline object. */
function mayMarkObjects(tr: Transaction, types: Types): boolean {
  return tr.steps.some((step) => {
    if (step instanceof AddMarkStep || step instanceof RemoveMarkStep)
      return step.mark.type === types.insertion || step.mark.type === types.deletion;
    return step instanceof ReplaceStep || step instanceof ReplaceAroundStep;
  });
}

/** The ranges of the final document that local transactions changed (each mapped through the later ones). */
function localRanges(transactions: readonly Transaction[]): Array<{ from: number; to: number }> {
  const ranges: Array<{ from: number; to: number }> = [];
  transactions.forEach((tr, index) => {
    const later = transactions.slice(index + 1);
    for (const range of changedRanges(tr).changed) {
      let { from, to } = range;
      for (const next of later) {
        from = next.mapping.map(from, -1);
        to = next.mapping.map(to, 1);
      }
      ranges.push({ from, to });
    }
  });
  return ranges;
}

/** The top-level blocks of `doc` that are not in `before` (y-tiptap keeps the nodes of unchanged blocks). */
function newBlocks(before: PmNode, doc: PmNode): Array<{ from: number; to: number }> {
  const old = new Set<PmNode>();
  before.forEach((child) => old.add(child));
  const ranges: Array<{ from: number; to: number }> = [];
  doc.forEach((child, offset) => {
    if (!old.has(child)) ranges.push({ from: offset, to: offset + child.nodeSize });
  });
  return ranges;
}

function reconcile(
  state: EditorState,
  ranges: Array<{ from: number; to: number }>,
  remote: boolean,
  types: Types,
): Transaction | null {
  const tr = state.tr;
  const size = state.doc.content.size;
  for (const range of ranges) {
    state.doc.nodesBetween(Math.max(0, range.from), Math.min(size, range.to), (node, pos) => {
      if (!node.isInline) return true;
      if (!isObject(node) || !canHold(node)) return false;
      const stored = node.attrs[OBJECT_SUGGESTION_ATTRIBUTE] as unknown;
      const marked = valueOfMarks(node.marks, types);
      const valid = readObjectSuggestion(stored) === null ? null : (stored as string);
      if (marked === valid) return false;
      if (remote) {
        // The shared document says what the object's suggestion is: the mark follows it.
        tr.removeMark(pos, pos + 1, types.insertion).removeMark(pos, pos + 1, types.deletion);
        const suggestion = readObjectSuggestion(valid);
        if (suggestion) {
          const type = suggestion.kind === InsertionMarkName ? types.insertion : types.deletion;
          tr.addMark(pos, pos + 1, type.create({ id: suggestion.id, author: suggestion.author }));
        }
      } else if (stored !== marked) {
        tr.setNodeAttribute(pos, OBJECT_SUGGESTION_ATTRIBUTE, marked);
      }
      return false;
    });
  }
  if (!tr.docChanged) return null;
  // Marks rebuilt from the shared document are no local edit: Yjs has them already, as the attribute.
  return remote ? tr.setMeta(ySyncPluginKey, { isChangeOrigin: true }).setMeta('addToHistory', false) : tr;
}

/**
 * Suggestions on inline objects (pictures, videos, files, icons, line breaks): Yjs keeps no marks on them, so an
 * object's insertion or deletion mark is mirrored into its `suggestion` attribute (suggestion-model.ts). A local
 * change of the mark (suggesting, accepting, rejecting) writes the attribute; a change that arrives through Yjs
 * (other authors, undo, the first load) rebuilds the mark. Only what changed is looked at: the ranges of local
 * steps, and the blocks y-tiptap drew anew.
 */
export function suggestionObjectSync(): Plugin {
  return new Plugin({
    key: new PluginKey('suggestionObjectSync'),
    appendTransaction(transactions, oldState, state) {
      const insertion = state.schema.marks[InsertionMarkName];
      const deletion = state.schema.marks[DeletionMarkName];
      if (!insertion || !deletion || !transactions.some((tr) => tr.docChanged)) return null;
      const types = { insertion, deletion };
      if (transactions.some(isChangeOrigin)) return reconcile(state, newBlocks(oldState.doc, state.doc), true, types);
      if (!transactions.some((tr) => mayMarkObjects(tr, types))) return null;
      return reconcile(state, localRanges(transactions), false, types);
    },
  });
}
