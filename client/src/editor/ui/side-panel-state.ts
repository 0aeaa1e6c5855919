import type { Editor } from '@tiptap/core';
import { store } from '../../lib/store';

/** The side panels of one editor that are open now (STYLE §7.11: per editor instance, gone with it). */
const openByEditor = new WeakMap<Editor, Set<SidePanelState>>();

/** Whether one editor's side panel is open, and where the focus goes back when it closes. */
export class SidePanelState {
  /** The open flag itself, as the panel's declared part (preload: open) and its buttons read it. */
  readonly open = store(false);
  /** The element that had the focus when the panel opened (its toolbar button). */
  private returnTo: HTMLElement | null = null;
  /** The open panels of this panel's editor: they share the place beside the text (a group of its own until `join`). */
  private openPanels = new Set<SidePanelState>();

  /** Makes this one of `editor`'s side panels: opening one of them closes the others (not another editor's). */
  join(editor: Editor): void {
    let group = openByEditor.get(editor);
    if (!group) {
      group = new Set();
      openByEditor.set(editor, group);
    }
    this.openPanels = group;
  }

  set = (open: boolean): void => {
    if (open === this.open.get()) return;
    if (open) {
      const active = typeof document === 'undefined' ? null : document.activeElement;
      this.returnTo = active instanceof HTMLElement && active !== document.body ? active : null;
      // The panel that gives way hands its focus return to this one (the focus is in this panel's opener).
      for (const other of this.openPanels) if (other !== this) other.set(false);
      this.openPanels.add(this);
    } else {
      this.openPanels.delete(this);
    }
    this.open.set(open);
  };

  /** Closes the panel and gives the focus back to what opened it (or to the text). */
  close(editor: Editor): void {
    const target = this.returnTo;
    this.returnTo = null;
    this.set(false);
    if (target?.isConnected) target.focus();
    else if (editor.isEditable) editor.commands.focus();
  }
}
