import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createTestEditor, htmlOf } from '../../editor/test-editor';
import { detectLink } from './link-autolink';
import { linkifyFind, loadLinkify } from './link-linkify';
import { link } from './index';

function type(editor: Editor, text: string): void {
  for (const ch of text) editor.view.dispatch(editor.state.tr.insertText(ch));
}

// linkify is a chunk of its own: until it is there, typing and pasting work, only without autolinking.
describe('autolink before linkify is loaded', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('leaves URLs as text until linkify is there, then links the next one', async () => {
    expect(linkifyFind()).toBeNull();
    ({ editor } = createTestEditor(link));
    editor.commands.setContent('<p></p>');
    type(editor, 'www.example.de ');
    editor.view.pasteText('www.example.org ');
    expect(htmlOf(editor)).toBe('<p>www.example.de www.example.org </p>');
    expect(detectLink('x.com', 'https://')).toBeNull();

    await loadLinkify();
    type(editor, 'www.example.com ');
    expect(htmlOf(editor)).toBe(
      '<p>www.example.de www.example.org <a href="https://www.example.com">www.example.com</a> </p>',
    );
  });
});
