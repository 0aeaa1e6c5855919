import { Square } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import type { ToolbarButton, ToolbarGroup } from '../capability';
import { breakpointOf, layoutToolbar, VISIBLE_PER_GROUP } from './toolbar-layout';

const button = (id: string, group: ToolbarGroup, priority?: number): ToolbarButton => ({
  id,
  labelKey: id,
  icon: Square,
  group,
  priority,
  run: () => undefined,
});

describe('toolbar layout', () => {
  it('picks the breakpoint from the toolbar width', () => {
    expect(breakpointOf(1200)).toBe('desktop');
    expect(breakpointOf(700)).toBe('tablet');
    expect(breakpointOf(320)).toBe('phone');
  });

  it('keeps everything when it fits', () => {
    const items = [button('a', 'text'), button('b', 'paragraph')];
    const layout = layoutToolbar(items, 'phone');
    expect(layout.map((g) => g.visible.map((i) => i.id))).toEqual([['a'], [], [], ['b'], []]);
    expect(layout.every((g) => g.overflow.length === 0)).toBe(true);
  });

  it('moves the lowest priorities behind More, keeping registry order in both parts', () => {
    const limit = VISIBLE_PER_GROUP.phone.text;
    const items = Array.from({ length: limit + 3 }, (_, n) => button(`t${n}`, 'text', n === limit + 2 ? 90 : 50));
    const [text] = layoutToolbar(items, 'phone');
    // limit - 1 slots (the toggle takes one): the high-priority last item, then the first ones in order.
    expect(text?.visible.map((i) => i.id)).toEqual([
      ...Array.from({ length: limit - 2 }, (_, n) => `t${n}`),
      `t${limit + 2}`,
    ]);
    expect(text?.overflow.map((i) => i.id)).toEqual(Array.from({ length: 4 }, (_, n) => `t${limit - 2 + n}`));
  });
});
