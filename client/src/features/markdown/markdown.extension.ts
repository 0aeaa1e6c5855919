import { Extension } from '@tiptap/core';
import { loadMarkdownOpen, MARKDOWN_PANE, saveMarkdownOpen } from './markdown-layout';

/** Opens the Markdown view on load when this author left it open; toggling remembers the choice. */
export const MarkdownExtension = Extension.create({
  name: 'markdownView',

  onCreate() {
    if (this.editor.isEditable && loadMarkdownOpen()) this.editor.storage.surface.state.setBeside(MARKDOWN_PANE, true);
  },
});

/** Shows or hides the Markdown view beside the rich text of `editor`, and remembers it. */
export function setMarkdownOpen(state: { setBeside(id: string, open: boolean): void }, open: boolean): void {
  state.setBeside(MARKDOWN_PANE, open);
  saveMarkdownOpen(open);
}
