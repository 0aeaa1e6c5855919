import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import { textStats, type TextStats } from './text-stats';

/** Why a change was refused: typing at the limit, or a paste (or drop) that would exceed it. */
export type CounterRefusal = 'limit' | 'paste';

export interface CounterStorage {
  /** Told (after the refused dispatch) why an input was refused, so the UI can say so. */
  listeners: Set<(reason: CounterRefusal) => void>;
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
 * A counter's extension: keeps the document's counts up to date incrementally and, with a rule,
 * refuses local input that breaks the limit (deletions always pass: rules only refuse growth).
 */
export function counterExtension(name: string, rule: CounterRule | null) {
  return Extension.create<unknown, CounterStorage>({
    name,
    addStorage: () => ({ listeners: new Set() }),
    addProseMirrorPlugins() {
      const { storage } = this;
      const key = new PluginKey<TextStats>(`${name}Limit`);
      return [
        new Plugin<TextStats>({
          key,
          state: {
            init: (_, state) => textStats(state.doc),
            apply: (tr, value, oldState, newState) => (tr.docChanged ? textStats(newState.doc, oldState.doc) : value),
          },
          filterTransaction: (tr, state) => {
            if (!rule || !tr.docChanged || !isLocalInput(tr)) return true;
            const before = key.getState(state) ?? textStats(state.doc);
            if (!rule(before, textStats(tr.doc, state.doc), tr)) return true;
            const reason: CounterRefusal = isPaste(tr) ? 'paste' : 'limit';
            queueMicrotask(() => storage.listeners.forEach((listener) => listener(reason)));
            return false;
          },
        }),
      ];
    },
  });
}
