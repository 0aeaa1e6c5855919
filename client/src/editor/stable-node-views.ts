import { Extension } from '@tiptap/core';

/**
 * Node and mark views built once per editor. @tiptap/react's EditorContent asks for them again when it
 * mounts (for React node views, which Tandem does not use: ours are plain DOM), and new functions make
 * ProseMirror redraw the whole document. A document that arrived before that mount was drawn twice,
 * which made the 200 KB document appear about a quarter of a second later.
 */
export const StableNodeViews = Extension.create({
  name: 'stableNodeViews',
  onBeforeCreate() {
    const manager = this.editor.extensionManager;
    const { nodeViews, markViews } = manager;
    Object.defineProperty(manager, 'nodeViews', { get: () => nodeViews, configurable: true });
    Object.defineProperty(manager, 'markViews', { get: () => markViews, configurable: true });
  },
});
