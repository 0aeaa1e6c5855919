import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import i18next from 'i18next';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { langOfLocale, readLang } from '@shared/document/yjs/ydoc-lang';
import type { EditorOptions } from '@shared/editor-options';
import { sharedDocument } from '../../editor/core/document-title';
import { chunk } from '../../editor/core/lazy';
import { SpellState } from './spell-state';

// The checker (plugin, worker, dictionaries) is a chunk of its own, fetched once the editor is there.
export const spellCode = chunk(() => import('./spell-plugin'));

export interface SpellCheckOptions {
  mode: EditorOptions['spellChecker'];
}

export interface SpellCheckStorage {
  state: SpellState;
}

declare module '@tiptap/core' {
  interface Storage {
    spellCheck: SpellCheckStorage;
  }
}

/**
 * Spell checking (FROALA-REFERENCE §41): with our checker, misspelled words get decorations computed in a
 * worker; with the browser's, the editor is `spellcheck="true"`; off, neither. The document's language
 * (`meta.lang`, shared) picks the dictionary, else the author's UI language.
 */
export const SpellCheckExtension = Extension.create<SpellCheckOptions, SpellCheckStorage>({
  name: 'spellCheck',

  addOptions() {
    return { mode: 'tandem' };
  },

  addStorage() {
    return { state: new SpellState() };
  },

  addProseMirrorPlugins() {
    const spellcheck = this.options.mode === 'browser' ? 'true' : 'false';
    return [new Plugin({ key: new PluginKey('spellCheckAttribute'), props: { attributes: { spellcheck } } })];
  },

  addKeyboardShortcuts() {
    return {
      'Alt-F7': () => {
        const code = spellCode.loaded();
        return code !== null && code.openMenuAtCaret(this.editor, this.storage.state);
      },
    };
  },

  onCreate() {
    if (this.options.mode !== 'tandem') return;
    const editor = this.editor;
    const state = this.storage.state;
    state.available.set(true);
    const doc = sharedDocument(editor);
    const meta = doc?.getMap<unknown>(YDocKeys.meta);
    const readDocLang = (): void => state.lang.set((doc && readLang(doc)) ?? langOfLocale(i18next.language || 'en'));
    readDocLang();
    meta?.observe(readDocLang);
    const apply = (): void => {
      if (!state.enabled.get()) {
        spellCode.loaded()?.stopSpellCheck(editor);
        return;
      }
      spellCode.load().then(
        (code) => (state.enabled.get() ? code.startSpellCheck(editor, state) : undefined),
        (error: unknown) => console.error('[tandem] the spell checker could not be loaded', error),
      );
    };
    apply();
    const recheck = (): void => spellCode.loaded()?.recheckAll(editor);
    const offs = [state.enabled.subscribe(apply), state.lang.subscribe(recheck), state.accepted.subscribe(recheck)];
    editor.on('destroy', () => {
      meta?.unobserve(readDocLang);
      offs.forEach((off) => off());
    });
  },
});
