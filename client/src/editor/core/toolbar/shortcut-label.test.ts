import { describe, expect, it } from 'vitest';
import { keyNameParts, shortcutLabel } from './shortcut-label';

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

  it('splits key names like prosemirror-keymap: the key itself may be "-"', () => {
    expect(keyNameParts('Mod--')).toEqual(['Mod', '-']);
    expect(keyNameParts('Mod-Shift--')).toEqual(['Mod', 'Shift', '-']);
    expect(keyNameParts('Mod-=')).toEqual(['Mod', '=']);
    expect(keyNameParts('-')).toEqual(['-']);
  });

  it('prints "-", "=" and "+" keys as themselves', () => {
    expect(shortcutLabel('Mod--', 'Linux x86_64', 'en')).toBe('Ctrl+-');
    expect(shortcutLabel('Mod-=', 'Linux x86_64', 'en')).toBe('Ctrl+=');
    expect(shortcutLabel('Mod-+', 'Linux x86_64', 'en')).toBe('Ctrl++');
    expect(shortcutLabel('Mod-Shift--', 'Linux x86_64', 'en')).toBe('Ctrl+Shift+-');
    expect(shortcutLabel('Mod--', 'Linux x86_64', 'de')).toBe('Strg+-');
    expect(shortcutLabel('Mod-Shift--', 'Linux x86_64', 'de')).toBe('Strg+Umschalt+-');
    expect(shortcutLabel('Mod--', 'MacIntel', 'en')).toBe('⌘+-');
    expect(shortcutLabel('-', 'Linux x86_64', 'en')).toBe('-');
  });

  it('prints Tiptap’s lower-case letters in upper case', () => {
    expect(shortcutLabel('Mod-Shift-z', 'Linux x86_64', 'en')).toBe('Ctrl+Shift+Z');
    expect(shortcutLabel('Mod-Alt-0', 'Linux x86_64', 'de')).toBe('Strg+Alt+0');
  });
});
