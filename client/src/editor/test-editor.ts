import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import type { Capability, ToolbarItem } from './capability';
import { coreExtensions } from './create-editor';

/** A headless editor like the real one (StarterKit + Yjs collaboration), for capability unit tests. */
export function createTestEditor(capability?: Capability): { editor: Editor; doc: Y.Doc } {
  const doc = new Y.Doc();
  const editor = new Editor({
    extensions: [...coreExtensions(doc), ...(capability?.extensions ?? [])],
  });
  return { editor, doc };
}

export function toolbarItem(capability: Capability, id: string): ToolbarItem {
  const item = capability.toolbar.find((i) => i.id === id);
  if (!item) throw new Error(`no toolbar item ${id} in ${capability.name}`);
  return item;
}

/** Fills the editor with one paragraph and selects its text. */
export function typeAndSelect(editor: Editor, text: string): void {
  editor.commands.setContent(`<p>${text}</p>`);
  editor.commands.setTextSelection({ from: 1, to: 1 + text.length });
}

/** The editor's HTML without the empty paragraph StarterKit's trailing-node keeps after a block. */
export function htmlOf(editor: Editor): string {
  return editor.getHTML().replace(/<p><\/p>$/, '');
}
