import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import type { NodeType, Schema } from '@tiptap/pm/model';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { contentCheckOptions, withoutInvalidContent } from './content-check';
import { coreExtensions } from './create-editor';
import { unbuildableIn } from '../collab/unbuildable-content';

function paragraph(text: string): Y.XmlElement {
  const p = new Y.XmlElement('paragraph');
  p.insert(0, [new Y.XmlText(text)]);
  return p;
}

function element(name: string, children: (Y.XmlElement | Y.XmlText)[]): Y.XmlElement {
  const e = new Y.XmlElement(name);
  e.insert(0, children);
  return e;
}

/** Content written straight into a Y.Doc, as a raw client could: none of it is what the editor writes. */
const invalid: Record<string, (root: Y.XmlFragment) => void> = {
  'an element with an unknown name': (root) => root.insert(0, [element('marquee', [new Y.XmlText('x')])]),
  'text directly in the fragment': (root) => root.insert(0, [new Y.XmlText('loose')]),
  'a string directly in the fragment': (root) => root.insert(0, ['loose' as unknown as Y.XmlText]),
  'a listItem at the root': (root) => root.insert(0, [element('listItem', [paragraph('item')])]),
  'a paragraph inside a paragraph': (root) => root.insert(0, [element('paragraph', [paragraph('inner')])]),
  'a heading as first child of a listItem': (root) =>
    root.insert(0, [element('bulletList', [element('listItem', [element('heading', [new Y.XmlText('h')])])])]),
};

/** A document as the server would send it: a valid paragraph, then the invalid content. */
function sharedDoc(write: (root: Y.XmlFragment) => void): Y.Doc {
  const seed = new Y.Doc();
  const root = seed.getXmlFragment(YDocKeys.content);
  write(root);
  root.insert(0, [paragraph('valid text')]);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(seed), 'server');
  return doc;
}

/** Every update the document produces itself (anything not applied as coming from the server). */
function localUpdates(doc: Y.Doc): unknown[] {
  const origins: unknown[] = [];
  doc.on('update', (_update: Uint8Array, origin: unknown) => {
    if (origin !== 'server') origins.push(origin);
  });
  return origins;
}

function open(doc: Y.Doc, readOnly: boolean): Editor {
  return new Editor({
    extensions: coreExtensions(doc, readOnly),
    editable: !readOnly,
    ...contentCheckOptions(readOnly),
  });
}

/** Applies a change made by another client, as the provider does. */
function remote(doc: Y.Doc, change: (root: Y.XmlFragment) => void): void {
  const other = new Y.Doc();
  Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
  const before = Y.encodeStateVector(other);
  change(other.getXmlFragment(YDocKeys.content));
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(other, before), 'server');
}

describe('invalid content from the shared document', () => {
  let editor: Editor | undefined;
  afterEach(() => {
    editor?.destroy();
    editor = undefined;
    vi.restoreAllMocks();
  });

  for (const [name, write] of Object.entries(invalid)) {
    it(`a viewer shows ${name} without throwing and without writing`, async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const doc = sharedDoc(write);
      const written = localUpdates(doc);
      editor = open(doc, true);
      editor.commands.setTextSelection(1);
      await vi.waitFor(() => expect(editor?.getText()).toContain('valid text'));
      expect(written).toEqual([]);
    });

    it(`an editor removes ${name} from the shared document without throwing`, async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const doc = sharedDoc(write);
      editor = open(doc, false);
      editor.commands.setTextSelection(1);
      await vi.waitFor(() => expect(editor?.getText()).toContain('valid text'));
      expect(() => editor?.state.doc.check()).not.toThrow();
      expect(unbuildableIn(doc.getXmlFragment(YDocKeys.content))).toEqual([]);
    });
  }

  it('a viewer keeps following the document after text arrives directly in the fragment', () => {
    const doc = sharedDoc(() => undefined);
    const written = localUpdates(doc);
    editor = open(doc, true);
    remote(doc, (root) => root.insert(1, [new Y.XmlText('loose')]));
    remote(doc, (root) => root.insert(2, [paragraph('later')]));
    expect(editor.getText()).toContain('later');
    expect(editor.getText()).not.toContain('loose');
    expect(written).toEqual([]);
  });

  it('an editor deletes text that arrives directly in the fragment', () => {
    const doc = sharedDoc(() => undefined);
    editor = open(doc, false);
    remote(doc, (root) => root.insert(1, [new Y.XmlText('loose'), paragraph('later')]));
    expect(editor.getText()).toContain('later');
    expect(doc.getXmlFragment(YDocKeys.content).toString()).not.toContain('loose');
  });
});

function nodeType(schema: Schema, name: string): NodeType {
  const type = schema.nodes[name];
  if (!type) throw new Error(`no node type ${name}`);
  return type;
}

describe('the content check handler', () => {
  let editor: Editor | undefined;
  afterEach(() => {
    editor?.destroy();
    editor = undefined;
    vi.restoreAllMocks();
  });

  /** A document y-tiptap could hand over: valid at the top, a paragraph nested in a paragraph below. */
  function dispatchInvalidFromYjs(target: Editor): void {
    const { schema, state } = target;
    const paragraphType = nodeType(schema, 'paragraph');
    const nested = paragraphType.create(null, paragraphType.create(null, schema.text('nested')));
    const tr = state.tr.replaceWith(state.doc.content.size, state.doc.content.size, nested);
    target.view.dispatch(tr.setMeta(ySyncPluginKey, { isChangeOrigin: true }));
  }

  it('lets a viewer show it, write nothing and keep following the document', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const doc = sharedDoc(() => undefined);
    const written = localUpdates(doc);
    editor = open(doc, true);
    expect(() => dispatchInvalidFromYjs(editor as Editor)).not.toThrow();
    expect(warn).toHaveBeenCalled();
    expect(editor.storage.collaboration.isDisabled).toBe(false);
    remote(doc, (root) => root.insert(0, [paragraph('still live')]));
    expect(editor.getText()).toContain('still live');
    expect(written).toEqual([]);
  });

  it('lets an editor remove it, in its view and in the shared document', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const doc = sharedDoc(() => undefined);
    editor = open(doc, false);
    expect(() => dispatchInvalidFromYjs(editor as Editor)).not.toThrow();
    await vi.waitFor(() => expect(() => editor?.state.doc.check()).not.toThrow());
    expect(editor.getText()).toContain('valid text');
    expect(doc.getXmlFragment(YDocKeys.content).toString()).not.toContain('nested');
    expect(editor.storage.collaboration.isDisabled).toBe(false);
  });

  it('never throws for content a command inserts', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    editor = open(
      sharedDoc(() => undefined),
      false,
    );
    expect(editor.commands.insertContent('<marquee>scrolling</marquee>')).toBe(false);
    expect(editor.getText()).not.toContain('scrolling');
  });
});

describe('withoutInvalidContent', () => {
  it('returns a valid document unchanged, and drops what does not fit', () => {
    const editor = new Editor({ extensions: coreExtensions(new Y.Doc(), true) });
    const { schema } = editor;
    const doc = nodeType(schema, 'doc');
    const paragraphType = nodeType(schema, 'paragraph');
    const listItem = nodeType(schema, 'listItem');
    const valid = doc.create(null, [paragraphType.create(null, schema.text('a'))]);
    expect(withoutInvalidContent(valid)).toBe(valid);
    const item = listItem.create(null, paragraphType.create(null, schema.text('b')));
    const repaired = withoutInvalidContent(doc.create(null, [item]));
    expect(repaired?.childCount).toBe(1);
    expect(repaired?.firstChild?.type.name).toBe('paragraph');
    expect(repaired?.textContent).toBe('');
    editor.destroy();
  });
});
