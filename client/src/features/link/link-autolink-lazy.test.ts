import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, htmlOf } from '../../testing/test-editor';
import { linkDetection, loadLinkDetection } from './link-linkify';
import { link } from './index';

function type(editor: Editor, text: string): void {
  for (const ch of text) editor.view.dispatch(editor.state.tr.insertText(ch));
}

// linkify is a chunk of its own: what is typed or pasted before it arrives is linked once it is there.
describe('autolink before linkify is loaded', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('links the words ended and the text pasted meanwhile once linkify is there', async () => {
    expect(linkDetection()).toBeNull();
    ({ editor } = createTestEditor(link));
    editor.commands.setContent('<p></p>');
    type(editor, 'www.example.de ');
    editor.view.pasteText('see www.example.org now');
    type(editor, ' and www.example.net x');
    // A word the author went on typing is no longer a finished word.
    editor.commands.deleteRange({ from: editor.state.selection.from - 2, to: editor.state.selection.from - 1 });
    const typed = '<p>www.example.de see www.example.org now and www.example.netx</p>';
    expect(htmlOf(editor)).toBe(typed);

    await loadLinkDetection();
    expect(htmlOf(editor)).toBe(
      '<p><a href="https://www.example.de">www.example.de</a> see ' +
        '<a href="https://www.example.org">www.example.org</a> now and www.example.netx</p>',
    );
    type(editor, ' www.example.com ');
    expect(htmlOf(editor)).toContain('<a href="https://www.example.com">www.example.com</a> </p>');
  });
});
