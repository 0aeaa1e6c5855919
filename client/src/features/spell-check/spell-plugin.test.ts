import { afterEach, describe, expect, it, vi } from 'vitest';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { store } from '../../lib/store';
import { registerPluginLate } from '../../editor/core/dom-selection';
import { createTestEditor } from '../../testing/test-editor';
import { SpellSession } from './spell-state';

/** A checker whose verdicts arrive only when the test says so (the worker, held back). */
const pending: Array<() => void> = [];
const known = new Map<string, boolean>();
vi.mock('./spell-checker', () => ({
  SpellChecker: class {
    verdict(word: string): boolean | undefined {
      return known.get(word);
    }
    check(words: Iterable<string>): Promise<void> {
      const asked = [...words];
      return new Promise((resolve) =>
        pending.push(() => {
          for (const w of asked) known.set(w, w !== 'wrng');
          resolve();
        }),
      );
    }
    suggest(): Promise<string[]> {
      return Promise.resolve([]);
    }
  },
}));

const { startSpellCheck } = await import('./spell-plugin');

const checking = (root: Element): boolean => root.getAttribute('data-spell-checking') === 'true';

describe('spell-check plugin', () => {
  let destroy = (): void => undefined;
  afterEach(() => {
    destroy();
    pending.length = 0;
    known.clear();
  });

  it('finishes the check when its view is re-created while it waits for the verdicts (a plugin registered late)', async () => {
    const { editor } = createTestEditor({ name: 'spell', extensions: [], toolbar: [], i18n: {} });
    destroy = () => editor.destroy();
    editor.commands.setContent('<p>some wrng words</p>');
    startSpellCheck(editor, new SpellSession(store(false), () => false));
    const root = editor.view.dom;
    expect(checking(root)).toBe(true);
    // The pause passes and the words go to the checker.
    await vi.waitFor(() => expect(pending.length).toBe(1));
    // Meanwhile another feature registers a plugin: ProseMirror destroys and re-creates every plugin view.
    registerPluginLate(editor, new Plugin({ key: new PluginKey('late'), view: () => ({}) }));
    for (const answer of pending.splice(0)) answer();
    await vi.waitFor(() => expect(checking(root)).toBe(false));
    expect(root.querySelectorAll('.spell-error')).toHaveLength(1);
    expect(root.querySelector('.spell-error')?.textContent).toBe('wrng');
  });
});
