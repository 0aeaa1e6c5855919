import type { SuggestionMount, SuggestionProps } from '@tiptap/suggestion';
import type { InsertItem } from '../../editor/core/capability';

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
  private state: SlashMenuState = closed;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): SlashMenuState => this.state;

  private set(next: SlashMenuState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  show(props: SuggestionProps<InsertItem, InsertItem>): void {
    // While the items load, keep the previous list so the menu does not flicker.
    if (props.loading && this.state.open) return;
    this.set({
      open: true,
      items: props.items,
      loading: props.loading,
      active: 0,
      mount: props.mount,
      choose: props.command,
    });
  }

  close(): void {
    if (this.state.open) this.set(closed);
  }

  highlight(index: number): void {
    if (index !== this.state.active) this.set({ ...this.state, active: index });
  }

  /** Arrow keys move the highlight, Enter runs it; everything else goes on to the editor. */
  keyDown(event: KeyboardEvent): boolean {
    const { open, items, active } = this.state;
    if (!open || items.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      this.highlight((active + delta + items.length) % items.length);
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      const item = items[active];
      if (item) this.state.choose(item);
      return true;
    }
    return false;
  }
}
