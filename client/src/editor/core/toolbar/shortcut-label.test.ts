import { describe, expect, it } from 'vitest';
import { shortcutLabel } from './shortcut-label';

describe('shortcutLabel', () => {
  it('names the modifier per platform', () => {
    expect(shortcutLabel('Mod-Shift-Z', 'Linux x86_64', 'en')).toBe('Ctrl+Shift+Z');
    expect(shortcutLabel('Mod-B', 'MacIntel', 'en')).toBe('⌘+B');
  });

  it('uses the German key names in German and arrows for arrow keys', () => {
    expect(shortcutLabel('Mod-Shift-Z', 'Linux x86_64', 'de')).toBe('Strg+Umschalt+Z');
    expect(shortcutLabel('Mod-B', 'MacIntel', 'de')).toBe('⌘+B');
    expect(shortcutLabel('Alt-Shift-ArrowUp', 'Linux', 'en')).toBe('Alt+Shift+↑');
  });
});
