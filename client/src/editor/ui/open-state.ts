import { Extension } from '@tiptap/core';
import { store, type Store } from '../../lib/store';

export interface OpenStateStorage {
  open: Store<boolean>;
}

/**
 * An extension holding one popup's open flag per editor (`editor.storage[name].open`), so a command
 * (quick-insert entry, shortcut) opens a toolbar control's popup in its own editor only. The feature
 * declares `name` in Tiptap's `Storage` interface.
 */
export const openStateExtension = (name: string) =>
  Extension.create<Record<string, never>, OpenStateStorage>({ name, addStorage: () => ({ open: store(false) }) });
