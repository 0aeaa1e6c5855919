import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import * as Y from 'yjs';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { exportBodyHtml } from '@shared/document/html/html-export';
import { htmlRoundTripOptions, randomDocument } from '@shared/document/testing/random-document';
import { capabilities } from '../../capabilities';
import { extensionsOf } from '../../editor/core/capability';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { coreExtensions } from '../../editor/core/create-editor';
import { createTestEditor } from '../../testing/test-editor';
import { exportHtml } from './write-html';

describe('exportHtml', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('exports encoded HTML that parses back into the same document', () => {
    ({ editor } = createTestEditor());
    const source =
      '<h2>Café "Ω" – 5 € → ∞</h2><p>A &amp; B &lt;tag&gt; ©</p><ul><li><p>naïve ♥ ‘x’</p></li></ul><pre><code>if (a &lt; b) "é"</code></pre>';
    editor.commands.setContent(source);
    const before = editor.getJSON();
    const exported = exportHtml(editor, defaultCapabilityContext);
    expect(exported).toContain('Caf&eacute; &quot;&Omega;&quot; &ndash; 5 &euro; &rarr; &infin;');
    expect(exported).toContain('A &amp; B &lt;tag&gt; &copy;');
    editor.commands.setContent(exported);
    expect(editor.getJSON()).toEqual(before);
  });

  it('is the editor HTML with the configured characters encoded', () => {
    ({ editor } = createTestEditor());
    editor.commands.setContent('<p><strong>é</strong> <a href="https://a.b/?x=1&amp;y=2">l</a></p>');
    expect(exportHtml(editor, defaultCapabilityContext)).toBe(
      editor.getHTML().replace('<strong>é</strong>', '<strong>&eacute;</strong>'),
    );
  });

  it('leaves out the empty paragraph the editor keeps after a last list, and only in the export', () => {
    ({ editor } = createTestEditor());
    editor.commands.setContent('<p>a</p><p></p><ul><li><p>b</p></li></ul>');
    // Tiptap's trailing node: a paragraph after the list to type in.
    expect(editor.getHTML()).toBe('<p>a</p><p></p><ul><li><p>b</p></li></ul><p></p>');
    expect(exportHtml(editor, defaultCapabilityContext)).toBe('<p>a</p><p></p><ul><li><p>b</p></li></ul>');
    expect(editor.getHTML()).toBe('<p>a</p><p></p><ul><li><p>b</p></li></ul><p></p>');
  });
});

describe('the client export and the server export', () => {
  it('render the same seeded random documents identically (full editor schema vs the model)', () => {
    const editor = new Editor({
      extensions: [
        ...coreExtensions(new Y.Doc(), false, defaultCapabilityContext.options),
        ...capabilities.flatMap((c) => extensionsOf(c, defaultCapabilityContext)),
      ],
    });
    const model = createDocumentModel(defaultCapabilityContext.options);
    const options = htmlRoundTripOptions(defaultCapabilityContext.options);
    const entities = defaultCapabilityContext.options.entities;
    try {
      for (let seed = 1; seed <= 200; seed++) {
        const doc = randomDocument(model.schema, seed, options);
        const client = exportBodyHtml(editor.schema.nodeFromJSON(doc.toJSON()), entities);
        expect({ seed, html: client }).toEqual({ seed, html: exportBodyHtml(doc, entities) });
      }
    } finally {
      editor.destroy();
    }
  });
});
