import { SpellCheck } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import { setSpellEnabled, SpellCheckExtension } from './spell-check.extension';
import { spellCheckStrings } from './spell-check.i18n';

/**
 * Spell checking (FROALA-REFERENCE §41, PRODUCT §7): Hunspell dictionaries in a worker, markers as
 * decorations only, suggestions on right click or Alt+F7, the document's language in the status bar.
 * The operator picks our checker, the browser's or none (`spellChecker`).
 */
export const spellCheck: Capability = {
  name: 'spellCheck',
  extensions: (context) => [SpellCheckExtension.configure({ mode: context.options.spellChecker })],
  i18n: spellCheckStrings,
  toolbar: [
    {
      id: 'spellCheck',
      labelKey: 'spellCheck.label',
      icon: SpellCheck,
      group: 'misc',
      priority: 20,
      isActive: (editor) => editor.storage.spellCheck.enabled.get(),
      isEnabled: (editor) => editor.storage.spellCheck.available,
      run: (editor) => setSpellEnabled(editor.storage.spellCheck, !editor.storage.spellCheck.enabled.get()),
    },
  ],
  shortcuts: [{ keys: 'Alt-F7', labelKey: 'spellCheck.suggestShortcut' }],
  Overlay: {
    ui: () => import('./spell-check.menu'),
    preload: { open: ({ editor }) => editor.storage.spellCheck.menuOpen },
  },
  StatusBar: { ui: () => import('./spell-lang.status'), preload: 'idle' },
};
