import type { ToolbarGroup, ToolbarItem } from '../capability';

/** Groups in toolbar order: `document` (save, history) and `misc` (undo, find, views, help) share the first row with `text` at desktop widths, as Froala's moreMisc does; paragraph and insert make the second. */
export const TOOLBAR_GROUPS: readonly ToolbarGroup[] = ['text', 'document', 'misc', 'paragraph', 'insert'];

export type Breakpoint = 'desktop' | 'tablet' | 'phone';

/** Toolbar widths (px) at which the layout changes, like Froala's toolbarButtons / MD / SM / XS. */
export const BREAKPOINTS_PX = { desktop: 880, tablet: 560 } as const;

/** Items shown per group before the rest moves behind that group's "More" toggle (desktop: all, wrapping). */
export const VISIBLE_PER_GROUP: Record<Breakpoint, Record<ToolbarGroup, number>> = {
  desktop: { text: Infinity, document: Infinity, paragraph: Infinity, insert: Infinity, misc: Infinity },
  tablet: { text: 5, document: 2, paragraph: 4, insert: 3, misc: 3 },
  phone: { text: 3, document: 2, paragraph: 2, insert: 2, misc: 2 },
};

export function breakpointOf(widthPx: number): Breakpoint {
  if (widthPx >= BREAKPOINTS_PX.desktop) return 'desktop';
  if (widthPx >= BREAKPOINTS_PX.tablet) return 'tablet';
  return 'phone';
}

export interface GroupLayout {
  group: ToolbarGroup;
  visible: ToolbarItem[];
  overflow: ToolbarItem[];
}

const DEFAULT_PRIORITY = 50;

/**
 * Splits each group into what fits and what goes behind "More": the highest-priority items stay
 * (ties keep registry order), and the bar keeps registry order among the items that stay.
 */
export function layoutToolbar(items: readonly ToolbarItem[], breakpoint: Breakpoint): GroupLayout[] {
  return TOOLBAR_GROUPS.map((group) => {
    const inGroup = items.filter((i) => i.group === group);
    const limit = VISIBLE_PER_GROUP[breakpoint][group];
    // One slot is taken by the "More" toggle itself, so overflow only when at least two items move.
    if (inGroup.length <= limit) return { group, visible: inGroup, overflow: [] };
    const keep = new Set(
      inGroup
        .map((item, index) => ({ item, index }))
        .sort(
          (a, b) => (b.item.priority ?? DEFAULT_PRIORITY) - (a.item.priority ?? DEFAULT_PRIORITY) || a.index - b.index,
        )
        .slice(0, Math.max(1, limit - 1))
        .map(({ item }) => item),
    );
    return {
      group,
      visible: inGroup.filter((i) => keep.has(i)),
      overflow: inGroup.filter((i) => !keep.has(i)),
    };
  });
}
