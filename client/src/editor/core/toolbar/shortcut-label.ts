import i18next from 'i18next';

/** Key names printed on German keyboards; the rest are the same in both languages. */
const GERMAN_KEYS: Record<string, string> = { Ctrl: 'Strg', Shift: 'Umschalt', Enter: 'Eingabe', Space: 'Leertaste' };
const ARROWS: Record<string, string> = { ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→', Escape: 'Esc' };

/**
 * The parts of a ProseMirror key name, split like prosemirror-keymap does: on every '-' but a last one,
 * so the key itself may be '-' (`Mod--` is Mod and '-', `Mod-Shift--` Mod, Shift and '-').
 */
export function keyNameParts(shortcut: string): string[] {
  return shortcut.split(/-(?!$)/);
}

/**
 * `Mod-Shift-Z` → `Ctrl+Shift+Z` (`⌘+Shift+Z` on Apple systems, `Strg+Umschalt+Z` in German), in the
 * UI's current language unless one is given. Punctuation keys print as themselves, as Google Docs lists
 * them: `Mod--` → `Ctrl+-`, `Mod-=` → `Ctrl+=`.
 */
export function shortcutLabel(
  shortcut: string,
  platform = typeof navigator === 'undefined' ? '' : navigator.platform,
  language: string = i18next.resolvedLanguage ?? i18next.language ?? 'en',
): string {
  const mac = /Mac|iPhone|iPad/.test(platform);
  const german = language.startsWith('de');
  return keyNameParts(shortcut)
    .map((part) => {
      // Tiptap writes letters in lower case (`Mod-Shift-z`); keyboards print them in upper case.
      const letter = /^[a-z]$/.test(part) ? part.toUpperCase() : part;
      const key = letter === 'Mod' ? (mac ? '⌘' : 'Ctrl') : (ARROWS[letter] ?? letter);
      return german ? (GERMAN_KEYS[key] ?? key) : key;
    })
    .join('+');
}
