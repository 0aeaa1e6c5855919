import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import type { Command } from '@tiptap/pm/state';
import {
  addColumnBefore,
  addRowAfter,
  CellSelection,
  deleteColumn,
  deleteRow,
  deleteTable,
  goToNextCell,
  mergeCells,
  setCellAttr,
  splitCell,
  toggleHeader,
} from '@tiptap/pm/tables';
import * as Y from 'yjs';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import type { DocumentRules, NodeRule } from '@shared/document/model/model-types';
import { checkUpdate } from '@shared/document/yjs/update-guard';
import { capabilities } from './capabilities';
import { extensionsOf } from './editor/core/capability';
import { defaultCapabilityContext } from './editor/core/capability-context';
import { coreExtensions } from './editor/core/create-editor';
import { insertTable } from './features/table/table-state';

/**
 * Our own editor never writes what the server's update guard refuses: every update the full editor sends
 * while authors format, paste and insert is checked against a replica of the server's document with the
 * same model the server builds from the same options.
 */
describe('updates of our editor and the server guard', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  function guardedEditor(rules: DocumentRules = createDocumentModel(defaultCapabilityContext.options).rules): {
    editor: Editor;
    refused: string[];
    checked: () => number;
  } {
    const doc = new Y.Doc();
    const server = new Y.Doc();
    const refused: string[] = [];
    let count = 0;
    doc.on('update', (update: Uint8Array) => {
      count++;
      const verdict = checkUpdate(server, update, rules);
      if (!verdict.ok) refused.push(verdict.kind === 'invalid' ? verdict.detail : verdict.kind);
      Y.applyUpdate(server, update);
    });
    const e = new Editor({
      extensions: [
        ...coreExtensions(doc, false, defaultCapabilityContext.options),
        ...capabilities.flatMap((c) => extensionsOf(c, defaultCapabilityContext)),
      ],
    });
    return { editor: e, refused, checked: () => count };
  }

  it('formats, restructures and inserts media without a single refused update', () => {
    const run = guardedEditor();
    editor = run.editor;
    const e = run.editor;
    e.commands.setContent(
      [
        '<h2 style="text-align: center">Title</h2>',
        '<p class="fr-text-gray" style="line-height: 1.5">Some <strong>bold</strong>, <em>italic</em>, <u>underlined</u>, ',
        '<s>struck</s>, <code>code</code>, x<sub>2</sub> and y<sup>3</sup>.</p>',
        '<p><span style="font-family: Georgia, serif; font-size: 18px; color: #E25041; background-color: #FAC51C" ',
        'class="fr-class-highlighted">styled</span> <a href="https://example.com" target="_blank">a link</a></p>',
        '<ul style="list-style-type: square"><li><p>one</p><ul><li><p>nested</p></li></ul></li></ul>',
        '<ol start="3" style="list-style-type: lower-roman"><li><p>three</p></li></ol>',
        '<blockquote><p>quoted</p></blockquote>',
        '<pre><code class="language-typescript">const a = 1;</code></pre><hr>',
        '<p>line<br>break <img src="https://example.com/a.png" alt="a" class="fr-fic fr-dib fr-rounded" style="width: 300px;"></p>',
        '<p><span class="fr-video fr-dvb fr-fvc"><video src="/uploads/clip.mp4" style="width: 600px;"></video></span></p>',
        '<p>Hostile: <span style="font-family: url(https://evil.example/f); color: expression(alert(1))">x</span>',
        '<a href="javascript:alert(1)">js</a> <img src="javascript:alert(1)"> <span class="evil-overlay">c</span></p>',
      ].join(''),
    );
    e.commands.selectAll();
    e.chain().toggleBold().setColor('#2C82C9').setFontSize('24px').setFontFamily('Arial, Helvetica, sans-serif').run();
    e.commands.alignBlocks('right');
    e.commands.setBlockLineHeight('2');
    e.commands.setTextSelection(3);
    e.commands.insertContent('typed text ');
    e.commands.toggleParagraphStyle('fr-text-bordered');
    e.commands.toggleInlineClass('fr-class-code');
    e.commands.applyInlineStyle('letter-spacing: 2px; color: red; background: url(x)');
    e.commands.insertContent({ type: 'image', attrs: { src: '/uploads/abc.png', width: '50%', classes: 'fr-shadow' } });
    e.commands.insertContent({
      type: 'file',
      attrs: { href: '/uploads/a.pdf', name: 'a.pdf', size: 10, mime: 'application/pdf' },
    });
    e.commands.selectAll();
    e.commands.unsetAllMarks();
    e.commands.clearContent();
    expect(run.checked()).toBeGreaterThan(8);
    expect(run.refused).toEqual([]);
  });

  it('makes and edits tables without a single refused update', () => {
    const run = guardedEditor();
    editor = run.editor;
    const e = run.editor;
    e.commands.setContent('<p>before</p>');
    e.commands.setTextSelection(7);
    // The table commands the toolbar and the keyboard run (prosemirror-tables' own).
    const pm = (command: Command): boolean => command(e.state, (tr) => e.view.dispatch(tr));
    insertTable(e, 3, 3);
    e.commands.insertContent('cell');
    pm(toggleHeader('row'));
    pm(toggleHeader('column'));
    pm(addRowAfter);
    pm(addColumnBefore);
    pm(setCellAttr('background', '#61BD6D'));
    pm(setCellAttr('verticalAlign', 'middle'));
    pm(setCellAttr('textAlign', 'justify'));
    pm(setCellAttr('class', 'fr-highlighted'));
    pm(setCellAttr('colwidth', [140]));
    pm(goToNextCell(1));
    pm(goToNextCell(1));
    const tablePos = e.state.doc.child(0).nodeSize;
    const firstCell = tablePos + 2;
    const secondCell = firstCell + (e.state.doc.nodeAt(firstCell)?.nodeSize ?? 0);
    e.view.dispatch(e.state.tr.setSelection(CellSelection.create(e.state.doc, firstCell, secondCell)));
    pm(mergeCells);
    pm(splitCell);
    pm(deleteColumn);
    pm(deleteRow);
    const table = e.state.doc.nodeAt(tablePos);
    expect(table?.type.name).toBe('table');
    e.view.dispatch(e.state.tr.setNodeMarkup(tablePos, null, { class: 'fr-dashed-borders fr-alternate-rows' }));
    pm(deleteTable);
    expect(run.checked()).toBeGreaterThan(15);
    expect(run.refused).toEqual([]);
  });

  it('would notice a refused update (control: a model without paragraph alignment)', () => {
    const rules = createDocumentModel(defaultCapabilityContext.options).rules;
    const paragraph = rules.nodes.get('paragraph') as NodeRule;
    const attrs = new Map(paragraph.attrs);
    attrs.delete('textAlign');
    const nodes = new Map(rules.nodes).set('paragraph', { ...paragraph, attrs });
    const run = guardedEditor({ ...rules, nodes });
    editor = run.editor;
    run.editor.commands.setContent('<p>text</p>');
    run.editor.commands.alignBlocks('center');
    expect(run.refused).toEqual(['attribute paragraph.textAlign is not in the model']);
  });
});
