import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Awareness } from 'y-protocols/awareness';
import { coreExtensions, DeferredCollaborationCaret } from './create-editor';

function serverDoc(): Y.Doc {
  const doc = new Y.Doc();
  const seed = new Y.Doc();
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText('shared text')]);
  seed.getXmlFragment(YDocKeys.content).insert(0, [paragraph, new Y.XmlElement('heading')]);
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(seed), 'server');
  return doc;
}

describe('coreExtensions', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('gives a viewer an editor that never changes the shared document', async () => {
    const doc = serverDoc();
    const local: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => local.push(update));
    editor = new Editor({ extensions: coreExtensions(doc, true), editable: false });
    editor.commands.insertContent('typed');
    await new Promise((r) => setTimeout(r, 50));
    expect(editor.getText()).toContain('shared text');
    expect(local).toHaveLength(0);
    expect(editor.getText()).not.toContain('typed');
  });

  it('leaves an empty shared document empty for a viewer', async () => {
    const doc = new Y.Doc();
    const local: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => local.push(update));
    editor = new Editor({ extensions: coreExtensions(doc, true), editable: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(local).toHaveLength(0);
  });

  it('still shows a viewer what others write', () => {
    const doc = serverDoc();
    editor = new Editor({ extensions: coreExtensions(doc, true), editable: false });
    const remote = new Y.Doc();
    Y.applyUpdate(remote, Y.encodeStateAsUpdate(doc));
    const text = (remote.getXmlFragment(YDocKeys.content).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text.insert(0, 'more ');
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(remote, Y.encodeStateVector(doc)), 'server');
    expect(editor.getText()).toContain('more shared text');
  });

  it('binds an author to the shared fragment', () => {
    const doc = serverDoc();
    editor = new Editor({ extensions: coreExtensions(doc) });
    editor.commands.insertContentAt(1, 'new ');
    expect(doc.getXmlFragment(YDocKeys.content).toString()).toContain('new shared text');
  });
});

describe('DeferredCollaborationCaret', () => {
  it('publishes the current user again when plugin views are re-created (a part registering plugins late)', () => {
    const doc = serverDoc();
    const awareness = new Awareness(doc);
    const editor = new Editor({
      extensions: [
        ...coreExtensions(doc),
        DeferredCollaborationCaret.configure({ provider: { awareness }, user: { name: 'Ada', color: '#1864ab' } }),
      ],
    });
    const published = (): unknown => (awareness.getLocalState() as { user?: unknown } | null)?.user;
    expect(published()).toEqual({ name: 'Ada', color: '#1864ab' });
    editor.commands.updateUser({ name: 'Ada L.', color: '#c92a2a' });
    // Registering a plugin reconfigures the state: ProseMirror destroys and re-creates every plugin view.
    editor.registerPlugin(new Plugin({ key: new PluginKey('late') }));
    expect(published()).toEqual({ name: 'Ada L.', color: '#c92a2a' });
    editor.destroy();
    awareness.destroy();
  });
});
