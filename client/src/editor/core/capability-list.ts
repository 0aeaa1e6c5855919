import { Extension, type Editor } from '@tiptap/core';
import type { Capability } from './capability';

export interface CapabilityListStorage {
  /** Every capability of this editor, in toolbar order. */
  list: readonly Capability[];
}

declare module '@tiptap/core' {
  interface Storage {
    capabilities: CapabilityListStorage;
  }
}

/**
 * The editor's capabilities, handed down by the composition root (client/src/capabilities.ts): the kernel
 * and the capabilities that list the others' items (toolbar, help, quick insert) read them here instead of
 * importing the root, which imports them all.
 */
export const CapabilityList = Extension.create<CapabilityListStorage, CapabilityListStorage>({
  name: 'capabilities',
  addOptions: () => ({ list: [] }),
  addStorage() {
    return { list: this.options.list };
  },
});

/** The capabilities of `editor` (none for an editor built without the list, as in unit tests). */
export function capabilitiesOf(editor: Editor): readonly Capability[] {
  return (editor.storage as Partial<Editor['storage']>).capabilities?.list ?? [];
}
