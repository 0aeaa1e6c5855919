import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import * as Y from 'yjs';
import { coreExtensions } from '../core/create-editor';

describe('drawOncePerView', () => {
  const editors: Editor[] = [];
  afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

  it('draws a document that was there before the editor once, not again when a plugin is registered', async () => {
    const doc = new Y.Doc();
    const writer = new Editor({ extensions: coreExtensions(doc) });
    editors.push(writer);
    writer.commands.setContent('<h2>Title</h2><p>one</p><p>two</p>');

    const reader = new Editor({ extensions: coreExtensions(doc) });
    editors.push(reader);
    await expect.poll(() => reader.getText()).toContain('two');
    const drawn = [...reader.view.dom.children];
    const redraws: boolean[] = [];
    reader.on('transaction', ({ transaction }) => redraws.push(transaction.docChanged));

    // What a bubble menu or the drag handle does when it mounts.
    reader.registerPlugin(new Plugin({ key: new PluginKey('menu'), view: () => ({}) }));
    reader.registerPlugin(new Plugin({ key: new PluginKey('handle'), view: () => ({}) }));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(redraws.filter(Boolean)).toEqual([]);
    drawn.forEach((element, i) => expect(reader.view.dom.children[i]).toBe(element));
    // The binding still works both ways.
    writer.commands.insertContentAt(writer.state.doc.content.size - 1, '!');
    await expect.poll(() => reader.getText()).toContain('two!');
    reader.commands.insertContentAt(1, '>');
    await expect.poll(() => writer.getText()).toContain('>Title');
  });
});
