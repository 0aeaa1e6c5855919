import type { Editor } from '@tiptap/core';
import {
  contextMenuGroups,
  type Capability,
  type ContextMenuGroup,
  type ContextMenuItem,
} from '../../editor/core/capability';

/** An entry as the menu shows it: whether it can act now is read once, when the menu opens. */
export interface ContextMenuEntry {
  item: ContextMenuItem;
  enabled: boolean;
}

export interface ContextMenuSection {
  group: ContextMenuGroup;
  entries: ContextMenuEntry[];
}

/** A contribution that throws must not take the menu down with it: it is left out (and logged). */
function safely(item: ContextMenuItem, test: ((editor: Editor) => boolean) | undefined, editor: Editor): boolean {
  if (!test) return true;
  try {
    return test(editor);
  } catch (error) {
    console.error(`[tandem] context menu entry ${item.id} failed`, error);
    return false;
  }
}

/**
 * The entries every capability contributes that are visible for this editor now, grouped in the groups' order
 * and ordered inside each group (registry order among equals; the first entry with an id wins). Empty groups
 * are left out, so an empty result means there is nothing to offer (the browser's own menu shows then).
 */
export function contextMenuSections(capabilities: readonly Capability[], editor: Editor): ContextMenuSection[] {
  const seen = new Set<string>();
  const byGroup = new Map<ContextMenuGroup, { item: ContextMenuItem; index: number }[]>();
  let index = 0;
  for (const capability of capabilities) {
    for (const item of capability.contextMenu ?? []) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      if (!safely(item, item.isVisible, editor)) continue;
      const list = byGroup.get(item.group) ?? [];
      list.push({ item, index: index++ });
      byGroup.set(item.group, list);
    }
  }
  return contextMenuGroups.flatMap((group) => {
    const list = byGroup.get(group);
    if (!list) return [];
    const entries = list
      .sort((a, b) => (a.item.order ?? 50) - (b.item.order ?? 50) || a.index - b.index)
      .map(({ item }) => ({ item, enabled: safely(item, item.isEnabled, editor) }));
    return [{ group, entries }];
  });
}
