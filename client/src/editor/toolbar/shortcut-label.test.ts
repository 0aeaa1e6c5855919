import { describe, expect, it } from 'vitest';
import { shortcutLabel } from './shortcut-label';

describe('shortcutLabel', () => {
  it('names the modifier per platform', () => {
    expect(shortcutLabel('Mod-Shift-Z', 'Linux x86_64')).toBe('Ctrl+Shift+Z');
    expect(shortcutLabel('Mod-B', 'MacIntel')).toBe('⌘+B');
  });
});
