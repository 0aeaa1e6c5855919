import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorOptions } from '@shared/editor-options';
import { chunk } from '../../editor/core/lazy';
import { store, type Store } from '../../lib/store';
import type { SpellSession } from './spell-state';

// Everything but the switch is a chunk of its own (plugin, worker, dictionaries, ignore lists).
const spellCode = chunk(() => import('./spell-session'));
const ENABLED_KEY = 'tandem.spell.enabled';

export interface SpellCheckOptions {
  mode: EditorOptions['spellChecker'];
}

export interface SpellCheckStorage {
  /** The toggle, remembered per browser. */
  enabled: Store<boolean>;
  /** Our checker runs here (the operator's `spellChecker` is 'tandem'). */
  available: boolean;
  /** The suggestions menu is open (what its lazy part waits for). */
  menuOpen: Store<boolean>;
  /** The running checker of this editor, once its chunk is there. */
  session: SpellSession | null;
}

declare module '@tiptap/core' {
  interface Storage {
    spellCheck: SpellCheckStorage;
  }
}

function readEnabled(): boolean {
  try {
    return localStorage.getItem(ENABLED_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Turns the checker on or off in this browser (off removes every marker). */
export function setSpellEnabled(storage: SpellCheckStorage, on: boolean): void {
  storage.enabled.set(on);
  try {
    localStorage.setItem(ENABLED_KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered; this page still follows the toggle.
  }
}

/**
 * Spell checking (FROALA-REFERENCE §41): with our checker, markers are decorations computed in a worker;
 * with the browser's, the editor is `spellcheck="true"`; off, neither.
 */
export const SpellCheckExtension = Extension.create<SpellCheckOptions, SpellCheckStorage>({
  name: 'spellCheck',

  addOptions() {
    return { mode: 'tandem' };
  },

  addStorage() {
    return { enabled: store(readEnabled()), available: false, menuOpen: store(false), session: null };
  },

  addProseMirrorPlugins() {
    const spellcheck = this.options.mode === 'browser' ? 'true' : 'false';
    return [new Plugin({ key: new PluginKey('spellCheckAttribute'), props: { attributes: { spellcheck } } })];
  },

  addKeyboardShortcuts() {
    return { 'Alt-F7': () => this.storage.session?.openAtCaret() ?? false };
  },

  onCreate() {
    if (this.options.mode !== 'tandem') return;
    const { editor, storage } = this;
    storage.available = true;
    const start = (): void => {
      if (!storage.enabled.get() || storage.session || editor.isDestroyed) return;
      spellCode.load().then(
        (code) => {
          storage.session ??= code.startSession(editor, storage);
        },
        (error: unknown) => console.error('[tandem] spell checker', error),
      );
    };
    start();
    editor.on('destroy', storage.enabled.subscribe(start));
  },
});
