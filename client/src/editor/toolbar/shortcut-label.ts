/** `Mod-Shift-Z` → `Ctrl+Shift+Z` (or `⌘+Shift+Z` on Apple systems). */
export function shortcutLabel(
  shortcut: string,
  platform = typeof navigator === 'undefined' ? '' : navigator.platform,
): string {
  const mac = /Mac|iPhone|iPad/.test(platform);
  return shortcut
    .split('-')
    .map((part) => (part === 'Mod' ? (mac ? '⌘' : 'Ctrl') : part))
    .join('+');
}
