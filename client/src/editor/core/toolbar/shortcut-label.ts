import i18next from 'i18next';

/** Key names printed on German keyboards; the rest are the same in both languages. */
const GERMAN_KEYS: Record<string, string> = { Ctrl: 'Strg', Shift: 'Umschalt', Enter: 'Eingabe', Space: 'Leertaste' };
const ARROWS: Record<string, string> = { ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→', Escape: 'Esc' };

/**
 * `Mod-Shift-Z` → `Ctrl+Shift+Z` (`⌘+Shift+Z` on Apple systems, `Strg+Umschalt+Z` in German), in the
 * UI's current language unless one is given.
 */
export function shortcutLabel(
  shortcut: string,
  platform = typeof navigator === 'undefined' ? '' : navigator.platform,
  language: string = i18next.resolvedLanguage ?? i18next.language ?? 'en',
): string {
  const mac = /Mac|iPhone|iPad/.test(platform);
  const german = language.startsWith('de');
  return shortcut
    .split('-')
    .map((part) => {
      const key = part === 'Mod' ? (mac ? '⌘' : 'Ctrl') : (ARROWS[part] ?? part);
      return german ? (GERMAN_KEYS[key] ?? key) : key;
    })
    .join('+');
}
