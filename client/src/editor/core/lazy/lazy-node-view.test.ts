import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor, Node } from '@tiptap/core';
import Document from '@tiptap/extension-document';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { lazyNodeView, type NodeViewFactory } from './lazy-node-view';

/** A block atom drawn by the model as `<figure data-note>`. */
const NoteModel = Node.create({
  name: 'note',
  group: 'block',
  atom: true,
  addAttributes: () => ({ text: { default: '' } }),
  parseHTML: () => [{ tag: 'figure[data-note]', getAttrs: (el) => ({ text: el.textContent }) }],
  renderHTML: ({ node }) => ['figure', { 'data-note': '' }, String(node.attrs.text)],
});

const realView: NodeViewFactory = (node) => {
  const dom = document.createElement('div');
  dom.className = 'real-note';
  dom.textContent = String(node.attrs.text);
  return { dom };
};

describe('lazyNodeView', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  const editorWith = (view: ReturnType<typeof lazyNodeView>, content: string): Editor =>
    new Editor({
      extensions: [Document, Paragraph, Text, NoteModel.extend({ addNodeView: () => view.renderer })],
      content,
    });

  it('draws the model until the view arrives, then draws the document again with it', async () => {
    let arrive: (f: NodeViewFactory) => void = () => undefined;
    const load = vi.fn(() => new Promise<NodeViewFactory>((resolve) => (arrive = resolve)));
    editor = editorWith(
      lazyNodeView('note', load),
      '<p>a</p><figure data-note>one</figure><figure data-note>two</figure>',
    );
    const dom = editor.view.dom;
    expect(dom.querySelectorAll('figure[data-note]')).toHaveLength(2);
    expect(dom.querySelector('figure')?.getAttribute('contenteditable')).toBe('false');
    expect(load).toHaveBeenCalledTimes(1);
    arrive(realView);
    await vi.waitFor(() => expect(dom.querySelectorAll('.real-note')).toHaveLength(2));
    expect(dom.querySelector('figure')).toBeNull();
    expect(editor.getHTML()).toContain('<figure data-note="">one</figure>');
  });

  it('fetches nothing for a document without the node, and draws new nodes with the loaded view', async () => {
    const load = vi.fn(() => Promise.resolve(realView));
    const view = lazyNodeView('note', load);
    editor = editorWith(view, '<p>a</p>');
    expect(load).not.toHaveBeenCalled();
    editor.commands.insertContent({ type: 'note', attrs: { text: 'x' } });
    await vi.waitFor(() => expect(editor?.view.dom.querySelector('.real-note')?.textContent).toBe('x'));
    editor.commands.insertContent({ type: 'note', attrs: { text: 'y' } });
    expect(editor.view.dom.querySelectorAll('.real-note')).toHaveLength(2);
  });

  it('tries again on the next node when the chunk could not be fetched', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(realView);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    editor = editorWith(lazyNodeView('note', load), '<figure data-note>one</figure>');
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    editor.commands.insertContentAt(0, { type: 'note', attrs: { text: 'two' } });
    await vi.waitFor(() => expect(editor?.view.dom.querySelectorAll('.real-note')).toHaveLength(2));
    expect(load).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
