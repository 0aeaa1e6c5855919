import { Extension, type Editor } from '@tiptap/core';
import type { Store } from '../../lib/store';
import { SidePanelState } from '../../editor/ui/side-panel-state';

/** Whether this editor's Version History panel is open, and where the focus goes back when it closes. */
export class VersionPanelState extends SidePanelState {}

export interface VersionHistoryStorage {
  panel: VersionPanelState;
}

declare module '@tiptap/core' {
  interface Storage {
    versionHistory: VersionHistoryStorage;
  }
}

/** Holds the panel's open state per editor (STYLE §7.11: state belongs to the editor instance). */
export const VersionHistoryExtension = Extension.create<Record<string, never>, VersionHistoryStorage>({
  name: 'versionHistory',
  addStorage() {
    return { panel: new VersionPanelState() };
  },
  onCreate() {
    this.storage.panel.join(this.editor);
  },
});

/** The panel state of `editor`. */
export const panelOf = (editor: Editor): VersionPanelState => editor.storage.versionHistory.panel;

/** The open flag of `editor`'s panel. */
export const panelOpenState = (editor: Editor): Store<boolean> => editor.storage.versionHistory.panel.open;

export { useEditable } from '../../editor/ui/use-editor-flag';
