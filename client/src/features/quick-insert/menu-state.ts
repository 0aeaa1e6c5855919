import type { SuggestionMount, SuggestionProps } from '@tiptap/suggestion';
import type { InsertItem } from '../../editor/core/capability';
import { store } from '../../lib/store';

export interface SlashMenuState {
  open: boolean;
  items: InsertItem[];
  loading: boolean;
  /** Index of the highlighted item. */
  active: number;
  /** Positions the list at the `/` (from the suggestion plugin). */
  mount: SuggestionMount | null;
  choose: (item: InsertItem) => void;
}

const closed: SlashMenuState = { open: false, items: [], loading: false, active: 0, mount: null, choose: () => {} };

/**
 * State of the `/` command menu, shared by the suggestion plugin (which owns the keyboard while the
 * menu is open) and the React overlay that draws it.
 */
export class SlashMenuStore {
  private readonly value = store(closed);

  subscribe = this.value.subscribe;

  get = this.value.get;

  show(props: SuggestionProps<InsertItem, InsertItem>): void {
    // While the items load, keep the previous list so the menu does not flicker.
    if (props.loading && this.get().open) return;
    this.value.set({
      open: true,
      items: props.items,
      loading: props.loading,
      active: 0,
      mount: props.mount,
      choose: props.command,
    });
  }

  close(): void {
    if (this.get().open) this.value.set(closed);
  }

  highlight(index: number): void {
    if (index !== this.get().active) this.value.set({ ...this.get(), active: index });
  }

  /** Arrow keys move the highlight, Enter runs it; everything else goes on to the editor. */
  keyDown(event: KeyboardEvent): boolean {
    const { open, items, active } = this.get();
    if (!open || items.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      this.highlight((active + delta + items.length) % items.length);
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      const item = items[active];
      if (item) this.get().choose(item);
      return true;
    }
    return false;
  }
}
