// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { capabilities } from '../../capabilities';
import { extensionsOf } from '../../editor/core/capability';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { coreExtensions } from '../../editor/core/create-editor';
import { insertImport, markdownToHtml } from './import-insert';

const options = defaultCapabilityContext.options;

// jsdom has no ClipboardEvent; ProseMirror's pasteHTML makes one when no event is given.
if (typeof globalThis.ClipboardEvent === 'undefined') {
  class ClipboardEventStandIn extends Event {
    readonly clipboardData = null;
  }
  Object.assign(globalThis, { ClipboardEvent: ClipboardEventStandIn });
}

describe('insertImport', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());
  const fullEditor = (): Editor =>
    new Editor({
      extensions: [
        ...coreExtensions(new Y.Doc(), false, options),
        ...capabilities.flatMap((c) => extensionsOf(c, defaultCapabilityContext)),
      ],
    });

  it('reads Markdown by the model’s rules', () => {
    editor = fullEditor();
    expect(markdownToHtml('## Part\n\n*it* and **bold**\n\n1. one\n2. two', editor, options)).toBe(
      '<h2>Part</h2><p><em>it</em> and <strong>bold</strong></p><ol><li><p>one</p></li><li><p>two</p></li></ol>',
    );
  });

  it('puts Markdown in at the caret, between the text around it', async () => {
    editor = fullEditor();
    editor.commands.setContent('<p>before</p><p>after</p>');
    editor.commands.setTextSelection(7); // end of "before"
    expect(await insertImport(editor, options, { format: 'markdown', text: '# Head\n\n- a\n- b', title: 'x' })).toBe(
      true,
    );
    expect(editor.getHTML()).toBe('<p>before</p><h1>Head</h1><ul><li><p>a</p></li><li><p>b</p></li></ul><p>after</p>');
  });

  it('splits the paragraph at a caret inside it, and fills an empty document without a blank line', async () => {
    editor = fullEditor();
    editor.commands.setContent('<p>leftright</p>');
    editor.commands.setTextSelection(5);
    await insertImport(editor, options, { format: 'html', text: '<h3>Mid</h3>', title: 'x' });
    expect(editor.getHTML()).toBe('<p>left</p><h3>Mid</h3><p>right</p>');
    editor.commands.setContent('<p></p>');
    editor.commands.setTextSelection(1);
    await insertImport(editor, options, { format: 'html', text: 'just <b>text</b>', title: 'x' });
    expect(editor.getHTML()).toBe('<p>just <strong>text</strong></p>');
  });

  it('puts HTML in through the paste pipeline: what the model does not allow is cleaned away', async () => {
    editor = fullEditor();
    editor.commands.setContent('<p></p>');
    const html =
      '<h2 onclick="x()">T</h2><script>alert(1)</script><p style="position:fixed">x <a href="javascript:alert(1)">l</a></p>';
    expect(await insertImport(editor, options, { format: 'html', text: html, title: 'x' })).toBe(true);
    const out = editor.getHTML();
    expect(out).toContain('<h2>T</h2>');
    expect(out).not.toMatch(/onclick|script|javascript|position/);
  });
});
