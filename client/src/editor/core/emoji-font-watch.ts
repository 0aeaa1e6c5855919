import { Extension } from '@tiptap/core';
import type { Fragment } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { ReplaceAroundStep, ReplaceStep } from '@tiptap/pm/transform';
import { EMOJI, loadEmojiFontFaces } from '../../lib/emoji-font';

const key = new PluginKey('emojiFontWatch');

/** Runs `run` when the browser is idle (at most a second later), off the path of the first key. */
function later(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run);
  return () => clearTimeout(timer);
}

/**
 * Loads the emoji font's rules when the document first shows an emoji (see `loadEmojiFontFaces`).
 * Reads the starting document once and afterwards only what each change inserts, never the whole
 * document per transaction, and when the browser is idle (a large load and the first key are not held
 * up); once loaded it stops.
 */
export const EmojiFontWatch = Extension.create({
  name: 'emojiFontWatch',
  addProseMirrorPlugins() {
    let loaded = false;
    let startRead = false;
    let cancelCheck: (() => void) | undefined;
    const waiting: Fragment[] = [];
    const check = (): void => {
      cancelCheck = undefined;
      const texts = waiting.splice(0);
      if (loaded || !texts.some((f) => EMOJI.test(f.textBetween(0, f.size, '', '')))) return;
      loaded = true;
      void loadEmojiFontFaces();
    };
    const watch = (content: Fragment): void => {
      if (loaded || content.size === 0) return;
      waiting.push(content);
      cancelCheck ??= later(check);
    };
    return [
      new Plugin({
        key,
        view(view) {
          // Plugin views are re-created when a part registers plugins late: the starting document is
          // read by the first one only, and a check that was waiting is scheduled again.
          if (!startRead) {
            startRead = true;
            watch(view.state.doc.content);
          } else if (waiting.length > 0) cancelCheck ??= later(check);
          return {
            destroy: () => {
              cancelCheck?.();
              cancelCheck = undefined;
            },
          };
        },
        appendTransaction(transactions) {
          for (const tr of transactions)
            for (const step of tr.steps)
              if (step instanceof ReplaceStep || step instanceof ReplaceAroundStep) watch(step.slice.content);
          return null;
        },
      }),
    ];
  },
});
