import type { Capability, ToolbarGroup } from '../../editor/core/capability';
import { TOOLBAR_GROUPS } from '../../editor/core/toolbar/toolbar-layout';

export interface ShortcutRow {
  labelKey: string;
  /** One or more key combinations (`Mod-Shift-Z`), shown with `shortcutLabel`. */
  keys: string[];
}

export interface ShortcutGroup {
  titleKey: string;
  rows: ShortcutRow[];
}

const c = (name: string): string => `help.commands.${name}`;

/** What the browser and the editor core do without any toolbar item. */
const COMMON: ShortcutRow[] = [
  { labelKey: c('copy'), keys: ['Mod-C'] },
  { labelKey: c('cut'), keys: ['Mod-X'] },
  { labelKey: c('paste'), keys: ['Mod-V'] },
  { labelKey: c('pastePlain'), keys: ['Mod-Shift-V'] },
  { labelKey: c('selectAll'), keys: ['Mod-A'] },
  { labelKey: c('undo'), keys: ['Mod-Z'] },
  { labelKey: c('redo'), keys: ['Mod-Shift-Z', 'Mod-Y'] },
];
const EDITING: ShortcutRow[] = [
  { labelKey: c('lineBreak'), keys: ['Shift-Enter'] },
  { labelKey: c('indentList'), keys: ['Tab'] },
  { labelKey: c('outdentList'), keys: ['Shift-Tab'] },
];
const NAVIGATION: ShortcutRow[] = [
  { labelKey: c('help'), keys: ['Mod-/'] },
  { labelKey: c('focusToolbar'), keys: ['Alt-F10'] },
  { labelKey: c('escape'), keys: ['Escape'] },
];

/**
 * The help dialog's content: the common actions, every toolbar item with a shortcut (by toolbar
 * group), every capability's extra shortcuts, and navigation. A key combination is listed once: a
 * toolbar item wins over the generic entry for the same keys (Bold over nothing, Undo over "Undo").
 */
export function buildShortcutGroups(capabilities: readonly Capability[]): ShortcutGroup[] {
  const norm = (keys: string): string => keys.toLowerCase();
  const byGroup = new Map<ToolbarGroup, ShortcutRow[]>(TOOLBAR_GROUPS.map((g) => [g, []]));
  const byLabel = new Map<string, ShortcutRow>();
  const toolbarKeys = new Set<string>();
  for (const item of capabilities.flatMap((cap) => cap.toolbar)) {
    if (!item.shortcut || toolbarKeys.has(norm(item.shortcut))) continue;
    toolbarKeys.add(norm(item.shortcut));
    const row = { labelKey: item.labelKey, keys: [item.shortcut] };
    byGroup.get(item.group)?.push(row);
    byLabel.set(item.labelKey, row);
  }

  // Extra keys of a toolbar command join its row (Redo: Mod-Y); the rest are editing shortcuts.
  const extra: ShortcutRow[] = [];
  const allKeys = new Set(toolbarKeys);
  const seen = new Set<string>();
  for (const entry of capabilities.flatMap((cap) => cap.shortcuts ?? [])) {
    const id = `${norm(entry.keys)} ${entry.labelKey}`;
    if (toolbarKeys.has(norm(entry.keys)) || seen.has(id)) continue;
    seen.add(id);
    allKeys.add(norm(entry.keys));
    const row = byLabel.get(entry.labelKey);
    if (row) row.keys.push(entry.keys);
    else extra.push({ labelKey: entry.labelKey, keys: [entry.keys] });
  }

  const without = (rows: ShortcutRow[], taken: Set<string>): ShortcutRow[] =>
    rows.flatMap((row) => {
      const keys = row.keys.filter((k) => !taken.has(norm(k)));
      return keys.length > 0 ? [{ ...row, keys }] : [];
    });

  const groups: ShortcutGroup[] = [
    { titleKey: 'help.groups.common', rows: without(COMMON, allKeys) },
    ...TOOLBAR_GROUPS.map((g) => ({ titleKey: `help.groups.${g}`, rows: byGroup.get(g) ?? [] })),
    { titleKey: 'help.groups.editing', rows: [...without(EDITING, allKeys), ...extra] },
    // Escape keeps its generic meaning here even when a capability also uses it (fullscreen).
    { titleKey: 'help.groups.navigation', rows: without(NAVIGATION, toolbarKeys) },
  ];
  return groups.filter((g) => g.rows.length > 0);
}
