import type { AnyExtension, Editor } from '@tiptap/core';

/** One toolbar control of a capability. */
export interface ToolbarItem {
  /** Stable id, also used as a test hook (`data-item`). */
  id: string;
  /** i18n key of the label (the accessible name; English = the baseline's label). */
  labelKey: string;
  /** Short text or symbol shown on the button. */
  icon: string;
  /** Toolbar group, as in the baseline: text, paragraph, insert, misc. */
  group: 'text' | 'paragraph' | 'insert' | 'misc';
  /** Shortcut shown in the tooltip, `Mod` = Ctrl or ⌘. */
  shortcut?: string;
  isActive?: (editor: Editor) => boolean;
  isEnabled?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

/** What a capability folder exports from its index.ts (STYLE.md §7.4). */
export interface Capability {
  name: string;
  /** Tiptap extensions this capability adds beyond the editor core. */
  extensions: AnyExtension[];
  toolbar: ToolbarItem[];
  /** English strings of this capability, under the `<name>.` prefix. */
  i18n: Record<string, string>;
}
