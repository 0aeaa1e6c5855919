import { Extension } from '@tiptap/core';
import { emitter, type Emitter } from '../../lib/store';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import { textStats, type TextStats } from './text-stats';

/** Why a change was refused: typing at the limit, or a paste (or drop) that would exceed it. */
export type CounterRefusal = 'limit' | 'paste';

export interface CounterStorage {
  /** Told (after the refused dispatch) why an input was refused, so the UI can say so. */
  refused: Emitter<CounterRefusal>;
}

/**
 * Only this author's own input is limited: remote Yjs changes and Yjs undo/redo arrive with the
 * sync plugin's meta, and transactions appended by plugins are follow-ups, not input.
 */
function isLocalInput(tr: Transaction): boolean {
  return !tr.getMeta(ySyncPluginKey) && !tr.getMeta('appendedTransaction');
}

function isPaste(tr: Transaction): boolean {
  const event: unknown = tr.getMeta('uiEvent');
  return event === 'paste' || event === 'drop';
}

/** A limit rule: true refuses the transaction (before / after = counts of the old and new doc). */
export type CounterRule = (before: TextStats, after: TextStats, tr: Transaction) => boolean;

/**
 * A counter's extension: with a rule, refuses local input that breaks the limit (deletions always
 * pass: rules only refuse growth). Counts are computed when asked (`textStats` keeps them per node,
 * so a recount touches only what changed), never for a remote change: opening a document does not
 * count it on the way to the first paint; the status bar counts it after that frame.
 */
export function counterExtension(name: string, rule: CounterRule | null) {
  return Extension.create<unknown, CounterStorage>({
    name,
    addStorage: () => ({ refused: emitter<CounterRefusal>() }),
    addProseMirrorPlugins() {
      const { storage } = this;
      if (!rule) return [];
      return [
        new Plugin({
          key: new PluginKey(`${name}Limit`),
          filterTransaction: (tr, state) => {
            if (!tr.docChanged || !isLocalInput(tr)) return true;
            const before = textStats(state.doc);
            if (!rule(before, textStats(tr.doc, state.doc), tr)) return true;
            const reason: CounterRefusal = isPaste(tr) ? 'paste' : 'limit';
            queueMicrotask(() => storage.refused.emit(reason));
            return false;
          },
        }),
      ];
    },
  });
}
