import { afterEach, describe, expect, it } from 'vitest';
import type { Node as PmNode } from '@tiptap/pm/model';
import { createTestEditor } from '../../testing/test-editor';
import { alignViewNodes } from './view-node-identity';

type Desc = { node: PmNode };
const descsOf = (view: unknown): Desc[] => (view as { docView: { children: Desc[] } }).docView.children;

describe('alignViewNodes', () => {
  let destroy = (): void => undefined;
  afterEach(() => destroy());

  it('re-points stale but equal block descriptions at the document nodes, and leaves real changes alone', () => {
    const { editor } = createTestEditor();
    destroy = () => editor.destroy();
    editor.commands.setContent('<p>one</p><p>two</p><h2>three</h2>');
    const { view } = editor;
    const descs = descsOf(view);
    // What the Yjs binding leaves behind: equal copies in the view tree.
    descs.forEach((d) => {
      d.node = d.node.type.create(d.node.attrs, d.node.content, d.node.marks);
    });
    expect(descs.every((d, i) => d.node !== view.state.doc.child(i))).toBe(true);
    expect(alignViewNodes(view)).toBe(descs.length);
    expect(descs.every((d, i) => d.node === view.state.doc.child(i))).toBe(true);
    expect(alignViewNodes(view)).toBe(0);

    // Typing still renders normally afterwards.
    editor.commands.insertContentAt(4, '!');
    expect(editor.getHTML()).toMatch(/^<p>one!<\/p><p>two<\/p><h2>three<\/h2>/);
    expect(view.dom.textContent).toBe('one!twothree');
  });
});
