import { Square } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { capabilities } from '../../capabilities';
import type { Capability } from '../../editor/core/capability';
import { coreExtensions } from '../../editor/core/create-editor';
import { shortcutLabel } from '../../editor/core/toolbar/shortcut-label';
import { HelpExtension } from './help.extension';
import { buildShortcutGroups, type ShortcutGroup } from './shortcut-groups';

const rowsOf = (groups: ShortcutGroup[], titleKey: string) => groups.find((g) => g.titleKey === titleKey)?.rows ?? [];
const keysOf = (groups: ShortcutGroup[], labelKey: string) =>
  groups.flatMap((g) => g.rows).find((r) => r.labelKey === labelKey)?.keys;

describe('buildShortcutGroups', () => {
  const groups = buildShortcutGroups(capabilities);

  it('lists every toolbar shortcut of the registry, in its toolbar group', () => {
    expect(rowsOf(groups, 'help.groups.text')).toContainEqual({ labelKey: 'bold.label', keys: ['Mod-B'] });
    const listed = new Set(groups.flatMap((g) => g.rows.flatMap((r) => r.keys)));
    for (const item of capabilities.flatMap((c) => c.toolbar)) {
      if (item.shortcut) expect(listed.has(item.shortcut), item.id).toBe(true);
    }
    expect(shortcutLabel('Mod-B', 'Win32')).toBe('Ctrl+B');
  });

  it('adds capability shortcuts to the matching toolbar row (Redo: Mod-Y)', () => {
    expect(keysOf(groups, 'undoRedo.redo')).toEqual(['Mod-Shift-Z', 'Mod-Y']);
    expect(keysOf(groups, 'fullscreen.leave')).toEqual(['Escape']);
  });

  it('keeps the common actions the toolbar does not already list', () => {
    const common = rowsOf(groups, 'help.groups.common').map((r) => r.labelKey);
    expect(common).toEqual(expect.arrayContaining(['help.commands.copy', 'help.commands.cut', 'help.commands.paste']));
    // Undo, Redo and Select All are toolbar items, so their generic rows are dropped.
    expect(common).not.toContain('help.commands.undo');
    expect(common).not.toContain('help.commands.selectAll');
    expect(keysOf(groups, 'help.commands.focusToolbar')).toEqual(['Alt-F10']);
    // Tab in lists: the generic row, or a list capability's own entry for the same keys (not both); Tab in
    // tables is a row of its own.
    const tabRows = groups.flatMap((g) => g.rows).filter((r) => r.keys.includes('Tab'));
    expect(tabRows.filter((r) => r.labelKey !== 'table.nextCell')).toHaveLength(1);
    expect(tabRows.map((r) => r.labelKey)).toContain('table.nextCell');
  });

  it('lists each key combination once and drops empty groups', () => {
    const fake: Capability = {
      name: 'fake',
      extensions: [],
      i18n: {},
      toolbar: [
        { id: 'a', labelKey: 'a', icon: Square, group: 'text', shortcut: 'Mod-C', run: () => {} },
        { id: 'b', labelKey: 'b', icon: Square, group: 'text', shortcut: 'Mod-C', run: () => {} },
      ],
      shortcuts: [
        { keys: 'Mod-K', labelKey: 'k' },
        { keys: 'Mod-K', labelKey: 'k' },
      ],
    };
    const result = buildShortcutGroups([fake]);
    expect(rowsOf(result, 'help.groups.text')).toEqual([{ labelKey: 'a', keys: ['Mod-C'] }]);
    expect(rowsOf(result, 'help.groups.common').map((r) => r.labelKey)).not.toContain('help.commands.copy');
    expect(rowsOf(result, 'help.groups.editing').filter((r) => r.labelKey === 'k')).toHaveLength(1);
    expect(result.map((g) => g.titleKey)).not.toContain('help.groups.insert');
  });
});

describe('help keyboard shortcuts', () => {
  let editor: Editor;
  afterEach(() => {
    editor.destroy();
    document.body.innerHTML = '';
  });

  it('Mod-/ opens the dialog state; Alt-F10 focuses the toolbar’s current button', () => {
    document.body.innerHTML =
      '<div class="editor-shell"><div role="toolbar"><button tabindex="-1">a</button><button tabindex="0" id="b">b</button></div><div id="ed"></div></div>';
    const element = document.getElementById('ed') ?? undefined;
    editor = new Editor({ element, extensions: [...coreExtensions(new Y.Doc()), HelpExtension] });
    const state = editor.storage.help.state;
    expect(state.open.get()).toBe(false);
    editor.commands.keyboardShortcut('Mod-/');
    expect(state.open.get()).toBe(true);
    expect(state.fromEditor).toBe(true);
    editor.commands.keyboardShortcut('Alt-F10');
    expect(document.activeElement?.id).toBe('b');
  });
});
