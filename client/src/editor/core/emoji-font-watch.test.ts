import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Editor } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import * as Y from 'yjs';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { createTestEditor } from '../../testing/test-editor';

const loadEmojiFontFaces = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../lib/emoji-font', async (original) => ({
  ...(await original<typeof import('../../lib/emoji-font')>()),
  loadEmojiFontFaces,
}));

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

describe('EmojiFontWatch', () => {
  let editor: Editor | undefined;
  beforeEach(() => loadEmojiFontFaces.mockClear());
  afterEach(() => editor?.destroy());

  it('loads nothing for a document and typing without emoji', async () => {
    editor = createTestEditor().editor;
    editor.commands.insertContent('plain text; © and ™ are drawn by the text font');
    await tick();
    editor.commands.setContent('<p>still plain</p>');
    await tick();
    expect(loadEmojiFontFaces).not.toHaveBeenCalled();
  });

  it('loads the font rules once, after the frame, when an emoji is typed', async () => {
    editor = createTestEditor().editor;
    editor.commands.insertContent('smile 😄');
    expect(loadEmojiFontFaces).not.toHaveBeenCalled();
    await tick();
    expect(loadEmojiFontFaces).toHaveBeenCalledTimes(1);
    editor.commands.insertContent(' 🎉 ❤️');
    await tick();
    expect(loadEmojiFontFaces).toHaveBeenCalledTimes(1);
  });

  it('loads them when the shared document arrives with an emoji in it', async () => {
    const created = createTestEditor();
    editor = created.editor;
    const remote = new Y.Doc();
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('from a peer 👋')]);
    remote.getXmlFragment(YDocKeys.content).insert(0, [paragraph]);
    Y.applyUpdate(created.doc, Y.encodeStateAsUpdate(remote), 'server');
    await tick();
    expect(editor.getText()).toContain('👋');
    expect(loadEmojiFontFaces).toHaveBeenCalledTimes(1);
  });

  it('keeps a waiting check when plugin views are re-created (a part registering plugins late)', async () => {
    editor = createTestEditor().editor;
    editor.commands.insertContent('wave 👋');
    editor.registerPlugin(new Plugin({ key: new PluginKey('late') }));
    await tick();
    expect(loadEmojiFontFaces).toHaveBeenCalledTimes(1);
  });
});
