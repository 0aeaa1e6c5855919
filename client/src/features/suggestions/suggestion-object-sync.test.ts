import { testSession } from '../../testing/test-editor';
import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import * as Y from 'yjs';
import { extensionsOf, type CapabilityContext } from '../../editor/core/capability';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { coreExtensions } from '../../editor/core/create-editor';
import { image } from '../image';
import { suggestions } from '.';
import { acceptAll, rejectAll, suggestionsIn } from './suggestion-actions';
import { setSuggesting } from './suggestions-extension';

let editors: Editor[] = [];
afterEach(() => {
  editors.forEach((e) => e.destroy());
  editors = [];
  localStorage.clear();
});

function author(name: string, doc: Y.Doc): Editor {
  const context: CapabilityContext = {
    ...defaultCapabilityContext,
    session: testSession(name, { docId: 'doc-objects' }),
  };
  const editor = new Editor({
    extensions: [
      ...coreExtensions(doc, false, context.options),
      ...extensionsOf(image, context),
      ...extensionsOf(suggestions, context),
    ],
  });
  editors.push(editor);
  return editor;
}

/** Two authors whose Yjs documents exchange every update, as through the server. */
function twoAuthors(): { ann: Editor; bob: Editor; annDoc: Y.Doc } {
  const annDoc = new Y.Doc();
  const bobDoc = new Y.Doc();
  annDoc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'relay') Y.applyUpdate(bobDoc, update, 'relay');
  });
  bobDoc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'relay') Y.applyUpdate(annDoc, update, 'relay');
  });
  return { ann: author('Ann', annDoc), bob: author('Bob', bobDoc), annDoc };
}

/** The images of a document with their suggestion (kind and author), in order. */
function images(doc: PmNode): string[] {
  const out: string[] = [];
  doc.descendants((node) => {
    if (node.type.name !== 'image') return true;
    const mark = node.marks.find((m) => m.type.name === 'insertion' || m.type.name === 'deletion');
    out.push(`${node.attrs.alt as string}${mark ? ` ${mark.type.name} by ${mark.attrs.author as string}` : ''}`);
    return false;
  });
  return out;
}

const IMG = (alt: string): string => `<img src="https://example.com/${alt}.png" alt="${alt}">`;

describe('suggestions on inline objects (kept by Yjs as the node attribute)', () => {
  it('a deleted picture is a suggestion for the other author too, and Accept there deletes it for both', () => {
    const { ann, bob, annDoc } = twoAuthors();
    ann.commands.setContent(`<p>ab${IMG('one')}cd</p>`);
    expect(images(bob.state.doc)).toEqual(['one']);
    setSuggesting(ann, true);
    ann.view.dispatch(ann.state.tr.delete(3, 4));
    expect(images(ann.state.doc)).toEqual(['one deletion by Ann']);
    expect(annDoc.getXmlFragment('default').toString()).toContain('suggestion="deletion:');
    expect(images(bob.state.doc)).toEqual(['one deletion by Ann']);
    expect(suggestionsIn(bob.state.doc)).toHaveLength(1);
    expect(acceptAll(bob)).toBe(true);
    expect(images(bob.state.doc)).toEqual([]);
    expect(images(ann.state.doc)).toEqual([]);
    expect(ann.getText()).toBe('abcd');
  });

  it('an inserted picture is a suggestion for both; Reject removes it, Accept keeps it without a mark or attribute', () => {
    const { ann, bob, annDoc } = twoAuthors();
    ann.commands.setContent('<p>abcd</p>');
    setSuggesting(ann, true);
    const picture = (alt: string): PmNode =>
      ann.schema.nodes.image!.create({ src: `https://example.com/${alt}.png`, alt });
    ann.view.dispatch(ann.state.tr.insert(3, picture('two')));
    expect(images(bob.state.doc)).toEqual(['two insertion by Ann']);
    expect(rejectAll(bob)).toBe(true);
    expect(images(ann.state.doc)).toEqual([]);
    ann.view.dispatch(ann.state.tr.insert(3, picture('three')));
    expect(images(bob.state.doc)).toEqual(['three insertion by Ann']);
    expect(acceptAll(bob)).toBe(true);
    expect(images(ann.state.doc)).toEqual(['three']);
    expect(annDoc.getXmlFragment('default').toString()).not.toContain('suggestion=');
  });

  it('a suggestion on a picture reaches a late reader, and a hostile attribute draws no suggestion', () => {
    const { ann, annDoc } = twoAuthors();
    ann.commands.setContent(`<p>ab${IMG('one')}cd</p>`);
    setSuggesting(ann, true);
    ann.view.dispatch(ann.state.tr.delete(3, 4));
    const late = new Y.Doc();
    Y.applyUpdate(late, Y.encodeStateAsUpdate(annDoc));
    const reader = author('Cy', late);
    expect(images(reader.state.doc)).toEqual(['one deletion by Ann']);
    // Written around the editor, as a raw client could (the server's guard refuses it; the view must too).
    late.transact(() => {
      const paragraph = late.getXmlFragment('default').get(0) as Y.XmlElement;
      const picture = paragraph.toArray().find((t) => t instanceof Y.XmlElement) as Y.XmlElement;
      picture.setAttribute('suggestion', 'deletion:<script>:x');
    });
    expect(images(reader.state.doc)).toEqual(['one']);
  });
});
