import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { defaultEditorOptions } from '@shared/editor-options';
import type { CapabilityContext } from '../../editor/core/capability';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { createTestEditor, htmlOf, typeAndSelect } from '../../testing/test-editor';
import { detectLink } from './link-detect';
import { applyLink, readLinkForm, removeLink } from './link-commands';
import {
  clearDeferredLinkForm,
  isLinkFormDeferred,
  linkUiNeeded,
  onLinkFormRequest,
  requestLinkForm,
} from './link-events';
import { loadLinkDetection } from './link-linkify';
import { link } from './index';

const httpContext: CapabilityContext = {
  ...defaultCapabilityContext,
  options: { ...defaultEditorOptions, linkAutoPrefix: 'http://', linkRel: 'noopener' },
};

/** Types `text` at the caret one keystroke at a time, like the author does. */
function type(editor: Editor, text: string): void {
  for (const ch of text) {
    if (ch === '\n') editor.commands.enter();
    else editor.view.dispatch(editor.state.tr.insertText(ch));
  }
}

describe('link capability', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('offers "Insert Link" (Mod-K) in the insert group', () => {
    expect(link.toolbar.map((i) => [i.id, i.labelKey, i.group, i.shortcut])).toEqual([
      ['link', 'link.insert', 'insert', 'Mod-K'],
    ]);
    expect(link.i18n).toMatchObject({ insert: 'Insert Link', newTab: 'Open in new tab', update: 'Update' });
  });

  it('round-trips <a href target rel title>', () => {
    ({ editor } = createTestEditor(link));
    const html =
      '<p>a <a href="https://example.com/x?y=1" target="_blank" rel="noopener noreferrer" title="T">b</a> ' +
      '<a href="/docs">c</a> <a href="mailto:me@x.io">d</a></p>';
    editor.commands.setContent(html);
    expect(htmlOf(editor)).toBe(html);
  });

  it('drops links with refused schemes from parsed HTML and keeps their text', () => {
    ({ editor } = createTestEditor(link));
    editor.commands.setContent(
      '<p><a href="javascript:alert(1)">a</a><a href=" JAVA&#x09;SCRIPT:alert(1)">b</a>' +
        '<a href="data:text/html,x">c</a><a href="vbscript:x">d</a><a href="&amp;#106;avascript:x">e</a></p>',
    );
    expect(htmlOf(editor)).toBe('<p>abcde</p>');
  });

  it('never renders a refused href that arrives without parsing (JSON, Yjs)', () => {
    ({ editor } = createTestEditor(link));
    editor.commands.setContent({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
        },
      ],
    });
    expect(htmlOf(editor)).toBe('<p><a>x</a></p>');
    expect(editor.commands.setLink({ href: 'javascript:alert(1)' })).toBe(false);
  });

  it('adds noopener to pasted links that open a new tab', () => {
    ({ editor } = createTestEditor(link));
    editor.commands.setContent('<p><a href="https://x.com" target="_blank">x</a></p>');
    expect(htmlOf(editor)).toBe('<p><a href="https://x.com" target="_blank" rel="noopener noreferrer">x</a></p>');
  });

  it('inserts a link on the selection with the prefix, and opens it in a new tab when asked', () => {
    ({ editor } = createTestEditor(link));
    typeAndSelect(editor, 'Ex');
    const init = readLinkForm(editor);
    expect(init).toMatchObject({ editing: false, text: 'Ex', textEditable: true, url: '' });
    expect(
      applyLink(editor, { url: 'example.com', text: 'Ex', newTab: true }, init.text, defaultCapabilityContext),
    ).toBe(null);
    expect(htmlOf(editor)).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">Ex</a></p>',
    );
  });

  it('inserts at the caret with the URL as text; e-mail links get mailto: and no target', () => {
    ({ editor } = createTestEditor(link));
    editor.commands.setContent('<p>Hi!</p>');
    editor.commands.setTextSelection(4);
    applyLink(editor, { url: 'me@x.io', text: '', newTab: true }, '', defaultCapabilityContext);
    expect(htmlOf(editor)).toBe('<p>Hi!<a href="mailto:me@x.io">me@x.io</a></p>');
    expect(editor.isActive('link')).toBe(false);
  });

  it('uses the deployment prefix and rel', () => {
    ({ editor } = createTestEditor(link, httpContext));
    typeAndSelect(editor, 'go');
    applyLink(editor, { url: 'example.com', text: 'go', newTab: true }, 'go', httpContext);
    expect(htmlOf(editor)).toBe('<p><a href="http://example.com" target="_blank" rel="noopener">go</a></p>');
  });

  it('refuses javascript: and changes nothing', () => {
    ({ editor } = createTestEditor(link));
    typeAndSelect(editor, 'x');
    expect(
      applyLink(editor, { url: 'javascript:alert(1)', text: 'x', newTab: false }, 'x', defaultCapabilityContext),
    ).toBe('scheme');
    expect(applyLink(editor, { url: '  ', text: 'x', newTab: false }, 'x', defaultCapabilityContext)).toBe('empty');
    expect(htmlOf(editor)).toBe('<p>x</p>');
  });

  it('edits the link at the caret (URL, text, target) and unlinks it', () => {
    ({ editor } = createTestEditor(link));
    editor.commands.setContent('<p>a <a href="https://old.org">old text</a> b</p>');
    editor.commands.setTextSelection(6);
    const init = readLinkForm(editor);
    expect(init).toEqual({
      editing: true,
      url: 'https://old.org',
      text: 'old text',
      textEditable: true,
      newTab: false,
    });
    applyLink(editor, { url: 'new.org', text: 'new', newTab: true }, init.text, defaultCapabilityContext);
    expect(htmlOf(editor)).toBe(
      '<p>a <a href="https://new.org" target="_blank" rel="noopener noreferrer">new</a> b</p>',
    );
    editor.commands.setTextSelection(4);
    removeLink(editor);
    expect(htmlOf(editor)).toBe('<p>a new b</p>');
  });

  it('Mod-K asks the link form to open', () => {
    ({ editor } = createTestEditor(link));
    let opened = '';
    const offLow = onLinkFormRequest(editor, 0, () => ((opened = 'popup'), true));
    const offHigh = onLinkFormRequest(editor, 1, () => ((opened = 'toolbar'), true));
    expect(requestLinkForm(editor)).toBe(true);
    expect(opened).toBe('toolbar');
    offHigh();
    requestLinkForm(editor);
    expect(opened).toBe('popup');
    offLow();
    expect(requestLinkForm(editor)).toBe(false);
  });

  it('Mod-K before any link form is mounted waits for the link popup, whose chunk is then needed', () => {
    ({ editor } = createTestEditor(link));
    editor.commands.setContent('<p>text</p>');
    expect(linkUiNeeded(editor)).toBe(false);
    const before = editor.getJSON();
    expect(editor.commands.keyboardShortcut('Mod-k')).toBe(true);
    expect(isLinkFormDeferred(editor)).toBe(true);
    expect(linkUiNeeded(editor)).toBe(true);
    expect(editor.getJSON()).toEqual(before);
    clearDeferredLinkForm(editor);
    expect(isLinkFormDeferred(editor)).toBe(false);
    expect(linkUiNeeded(editor)).toBe(false);
  });
});

describe('autolink', () => {
  let editor: Editor | undefined;
  beforeAll(() => loadLinkDetection());
  afterEach(() => editor?.destroy());

  it.each([
    ['www.example.de ', '<a href="https://www.example.de">www.example.de</a> '],
    ['see https://x.org/a?b=1 ', 'see <a href="https://x.org/a?b=1">https://x.org/a?b=1</a> '],
    ['mail name@example.org ', 'mail <a href="mailto:name@example.org">name@example.org</a> '],
    ['example.de, ', '<a href="https://example.de">example.de</a>, '],
    ['at example.photography. ', 'at <a href="https://example.photography">example.photography</a>. '],
    ['(www.x.com) ', '(<a href="https://www.x.com">www.x.com</a>) '],
  ])('links %j when the word ends', (typed, html) => {
    ({ editor } = createTestEditor(link));
    editor.commands.setContent('<p></p>');
    type(editor, typed);
    expect(htmlOf(editor)).toBe(`<p>${html}</p>`);
  });

  it('links on Enter too, and not while the word is still being typed', () => {
    ({ editor } = createTestEditor(link));
    editor.commands.setContent('<p></p>');
    type(editor, 'www.example.com');
    expect(htmlOf(editor)).toBe('<p>www.example.com</p>');
    type(editor, '\nnext');
    expect(htmlOf(editor)).toBe('<p><a href="https://www.example.com">www.example.com</a></p><p>next</p>');
  });

  it.each(['file.txt ', 'localhost ', '192.168.0.1 ', 'ftp://x.com ', 'javascript:alert(1) ', 'plain words '])(
    'leaves %j alone',
    (typed) => {
      ({ editor } = createTestEditor(link));
      editor.commands.setContent('<p></p>');
      type(editor, typed);
      expect(htmlOf(editor)).not.toContain('<a');
    },
  );

  it('does not link inside code', () => {
    ({ editor } = createTestEditor(link));
    editor.commands.setContent('<pre><code></code></pre>');
    type(editor, 'www.example.com ');
    expect(editor.getHTML()).not.toContain('<a');
  });

  it('uses the configured prefix', () => {
    ({ editor } = createTestEditor(link, httpContext));
    editor.commands.setContent('<p></p>');
    type(editor, 'www.example.com ');
    expect(htmlOf(editor)).toBe('<p><a href="http://www.example.com">www.example.com</a> </p>');
  });

  it('links pasted plain URLs, and a URL pasted over selected text', () => {
    ({ editor } = createTestEditor(link));
    editor.commands.setContent('<p></p>');
    editor.view.pasteText('go to www.example.org.');
    expect(htmlOf(editor)).toBe('<p>go to <a href="https://www.example.org">www.example.org</a>.</p>');
    typeAndSelect(editor, 'docs');
    editor.view.pasteText('https://tiptap.dev/docs');
    expect(htmlOf(editor)).toBe('<p><a href="https://tiptap.dev/docs">docs</a></p>');
  });

  it('keeps the href of pasted HTML links', () => {
    ({ editor } = createTestEditor(link));
    editor.commands.setContent('<p></p>');
    editor.view.pasteHTML('<p><a href="https://real.example">www.other.example</a></p>');
    expect(htmlOf(editor)).toBe('<p><a href="https://real.example">www.other.example</a></p>');
  });

  it('detectLink bounds its input', () => {
    expect(detectLink(`${'a'.repeat(3000)}.com`, 'https://')).toBeNull();
    expect(detectLink('x.com', 'https://')).toEqual({ start: 0, end: 5, href: 'https://x.com' });
  });
});
