import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { defaultEditorOptions } from '@shared/editor-options';
import { createTestEditor } from '../../testing/test-editor';
import { versionHistory } from '.';
import { restoreIntoEditor, versionNode } from './version-node';

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  editor = undefined;
});

const p = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const texts = (e: Editor): string[] => {
  const out: string[] = [];
  e.state.doc.forEach((child) => out.push(child.textContent));
  return out;
};

describe('versionNode', () => {
  it('reads a version into the schema and refuses what does not fit, without throwing', () => {
    ({ editor } = createTestEditor(versionHistory));
    const { schema } = editor;
    expect(versionNode(schema, { type: 'doc', content: [p('hello')] })?.textContent).toBe('hello');
    expect(versionNode(schema, { type: 'doc', content: [{ type: 'nope' }] })).toBeNull();
    expect(versionNode(schema, { type: 'paragraph', content: [] })).toBeNull();
    expect(versionNode(schema, 'garbage')).toBeNull();
    expect(versionNode(schema, null)).toBeNull();
    expect(versionNode(schema, { type: 'doc', content: [{ type: 'text', text: 'loose' }] })).toBeNull();
  });

  it('reads every attribute through the model validators', () => {
    // The whole model (the test editor has only the core's nodes).
    const { schema } = createDocumentModel(defaultEditorOptions);
    const node = versionNode(schema, {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'image', attrs: { src: 'javascript:alert(1)', alt: 'x' } },
            { type: 'text', text: 'link', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
          ],
        },
      ],
    });
    const image = node?.firstChild?.firstChild;
    expect(image?.type.name).toBe('image');
    expect(image?.attrs.src).not.toContain('javascript');
    const link = node?.firstChild?.lastChild?.marks[0];
    expect(String(link?.attrs.href ?? '')).not.toContain('javascript');
  });
});

describe('restoreIntoEditor', () => {
  it('restores a version into the shared document and one undo takes the whole restore back', () => {
    let doc;
    ({ editor, doc } = createTestEditor(versionHistory));
    doc.getMap('meta').set('title', 'New title');
    editor.commands.setContent({ type: 'doc', content: [p('one'), p('two changed'), p('three')] });
    expect(texts(editor)).toEqual(['one', 'two changed', 'three']);

    const restored = restoreIntoEditor(editor, {
      doc: { type: 'doc', content: [p('one'), p('two'), p('three'), p('four')] },
      title: 'Old title',
    });
    expect(restored).toBe(true);
    expect(texts(editor)).toEqual(['one', 'two', 'three', 'four']);
    expect(doc.getMap('meta').get('title')).toBe('Old title');

    editor.commands.undo();
    expect(texts(editor)).toEqual(['one', 'two changed', 'three']);
    expect(doc.getMap('meta').get('title')).toBe('New title');
    // A title typed later (another origin) is not the editor's to undo.
    doc.getMap('meta').set('title', 'Typed');
    editor.commands.undo();
    expect(doc.getMap('meta').get('title')).toBe('Typed');
  });

  it('refuses a version that does not fit the model and changes nothing', () => {
    ({ editor } = createTestEditor(versionHistory));
    editor.commands.setContent({ type: 'doc', content: [p('kept')] });
    expect(restoreIntoEditor(editor, { doc: { type: 'doc', content: [{ type: 'bogus' }] }, title: 'x' })).toBe(false);
    expect(texts(editor)).toEqual(['kept']);
  });
});
