import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { defaultCapabilityContext } from '../../editor/capability-context';
import { createTestEditor } from '../../editor/test-editor';
import { exportHtml } from './index';

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
});
