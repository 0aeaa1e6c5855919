import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMParser as PmDOMParser, type Node as PmNode } from '@tiptap/pm/model';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { defaultEditorOptions } from '@shared/editor-options';
import { cleanPastedHtml, type CleanMode } from './clean-office-html';
import { detectPasteSource } from './detect-source';

/** The shared clipboard captures (read where they are, never copied into the repo). */
const FIXTURES = path.resolve(__dirname, '../../../../../shared/fixtures/paste');

interface ManifestEntry {
  file: string;
  family: 'word' | 'gdocs' | 'libreoffice';
  origin: { repo: string };
}

const manifest = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'manifest.json'), 'utf8')) as ManifestEntry[];

/** A capture as the clipboard held it (the Mr0grog files are stored pretty-printed: undone as their README says). */
function load(file: string): string {
  const html = fs.readFileSync(path.join(FIXTURES, file), 'utf8');
  const entry = manifest.find((e) => e.file === file);
  if (entry?.origin.repo.startsWith('Mr0grog/')) {
    return html
      .split('\n')
      .map((l) => l.replace(/^\t+/, ''))
      .join('');
  }
  return html;
}

const schema = createDocumentModel(defaultEditorOptions).schema;

/** The cleaned HTML parsed by the document model, as the editor parses a paste. */
function docOf(html: string): PmNode {
  const container = document.createElement('div');
  container.innerHTML = html;
  return PmDOMParser.fromSchema(schema).parse(container);
}

function clean(file: string, mode: CleanMode = 'clean') {
  const html = load(file);
  const result = cleanPastedHtml(html, detectPasteSource(html), mode);
  return { ...result, doc: docOf(result.html) };
}

function nodes(doc: PmNode, type: string): PmNode[] {
  const out: PmNode[] = [];
  doc.descendants((node) => {
    if (node.type.name === type) out.push(node);
  });
  return out;
}

/** Mark names on each text piece whose text includes `text`. */
function marksOn(doc: PmNode, text: string): string[][] {
  const out: string[][] = [];
  doc.descendants((node) => {
    if (node.isText && node.text?.includes(text)) out.push(node.marks.map((m) => m.type.name).sort());
  });
  return out;
}

/** A list as nested arrays of item texts: [text, [sublists…]]. */
function outline(list: PmNode): unknown[] {
  const items: unknown[] = [];
  list.forEach((item) => {
    const sub: unknown[] = [];
    let text = '';
    item.forEach((child) => {
      if (child.type.name === 'bulletList' || child.type.name === 'orderedList') {
        const attrs = child.attrs as { type?: string | null; start?: number; listStyleType?: string | null };
        const kind =
          child.type.name === 'bulletList'
            ? 'ul'
            : `ol:${attrs.type ?? attrs.listStyleType ?? '1'}@${attrs.start ?? 1}`;
        sub.push([kind, ...outline(child)]);
      } else text += child.textContent;
    });
    items.push(sub.length > 0 ? [text.trim(), ...sub] : text.trim());
  });
  return items;
}

const topLevel = (doc: PmNode): string[] => {
  const out: string[] = [];
  doc.forEach((n) => out.push(n.type.name === 'heading' ? `h${String(n.attrs.level)}` : n.type.name));
  return out;
};

describe('detectPasteSource', () => {
  it.each(manifest.map((e) => [e.file, e.family] as const))('%s comes from %s', (file, family) => {
    expect(detectPasteSource(load(file))).toBe(family);
  });

  it('leaves other HTML alone', () => {
    expect(detectPasteSource('<p>Hello <b>world</b></p>')).toBe('other');
    expect(cleanPastedHtml('<p class="x">kept</p>', 'other', 'clean').html).toBe('<p class="x">kept</p>');
  });
});

describe('every capture, cleaned, meets the rules every Clean result must meet', () => {
  it.each(manifest.map((e) => e.file))('%s', (file) => {
    const { html, doc } = clean(file);
    expect(html).not.toMatch(/mso-/i);
    expect(html).not.toMatch(/\bclass=/i);
    expect(html).not.toMatch(/<\/?(?:o|v|w|m|st\d):/i);
    expect(html).not.toMatch(/<!--|<!\[/);
    expect(html).not.toMatch(/<(?:style|meta|link|xml|title|script)\b/i);
    expect(html).not.toMatch(/\b(?:lang|dir|id)=/i);
    expect(html).not.toMatch(/src="(?!https?:|data:image\/)/i);
    expect(html).not.toMatch(/<span>/);
    expect(html).not.toMatch(/<a(?![^>]*href=)[^>]*>/);
    expect(html).not.toMatch(/[\uFFFD\u0011\u001C]/);
    for (const heading of nodes(doc, 'heading')) expect(heading.attrs.level).toBeLessThanOrEqual(4);
    for (const item of nodes(doc, 'listItem')) {
      // No marker text (·, o, §, 1., a), IV.) left at the start of an item.
      expect(item.textContent).not.toMatch(/^\s*(?:[·o§•▪\uF0A7\uF0B7]\s|\d+[.)]\s|[a-z][.)]\s|[IVX]+\.\s)/);
    }
  });
});

describe('Word', () => {
  it('basic styles: three paragraphs with bold, italic, underline and strike on the right words', () => {
    const { doc } = clean('word2016-basic-styles.html');
    expect(topLevel(doc)).toEqual(['paragraph', 'paragraph', 'paragraph']);
    expect(doc.child(0).textContent).toBe('Line bold and italics');
    expect(marksOn(doc, 'bold')).toEqual([['bold']]);
    expect(marksOn(doc, 'italics')).toEqual([['italic']]);
    expect(marksOn(doc, 'foo')).toEqual([['bold', 'underline']]);
    expect(marksOn(doc, ' bar')).toEqual([['underline']]);
    expect(marksOn(doc, 'Third')).toEqual([['strike']]);
    expect(marksOn(doc, 'space on e')).toEqual([['bold', 'italic']]);
  });

  it('a CRLF clipboard cleans to the same document', () => {
    const html = load('word2016-basic-styles.html').replace(/\n/g, '\r\n');
    const crlf = docOf(cleanPastedHtml(html, 'word', 'clean').html);
    expect(crlf.textContent.replace(/\s+/g, ' ')).toBe(
      clean('word2016-basic-styles.html').doc.textContent.replace(/\s+/g, ' '),
    );
  });

  it('colours: italic, bold, sup and sub on exactly those letters in Clean, colours and highlights only in Keep', () => {
    const { doc, html } = clean('word2013-colours-highlight-sup-sub.html');
    expect(nodes(doc, 'paragraph').map((p) => p.textContent.trim())).toEqual([
      'RAINBOW',
      'RAINBOW',
      'RAINBOW',
      'RAINBOW',
      'RAINBOW',
      'Highlight',
      'Highlight',
    ]);
    const p4 = doc.child(3);
    const marksIn = (p: PmNode): string[] => {
      const out: string[] = [];
      p.forEach((t) => out.push(`${t.text ?? ''}:${t.marks.map((m) => m.type.name).join('+')}`));
      return out;
    };
    expect(marksIn(p4).join(' ')).toBe('RAIN:bold BOW:bold+superscript');
    expect(marksIn(doc.child(4)).join(' ')).toBe('RAIN:bold BOW:bold+subscript');
    expect(marksOn(doc, 'gh').flat()).toContain('italic');
    expect(html).not.toMatch(/color|background/);

    const kept = clean('word2013-colours-highlight-sup-sub.html', 'keep');
    const styles = nodes(kept.doc, 'text').flatMap((t) =>
      t.marks.filter((m) => m.type.name === 'textStyle').map((m) => m.attrs),
    );
    expect(styles.some((a) => a.color === '#FFC000')).toBe(true);
    expect(styles.some((a) => a.backgroundColor === 'yellow')).toBe(true);
    expect(styles.some((a) => a.fontSize === '48pt' || a.fontSize === '48.0pt')).toBe(true);
  });

  it('resume: headings kept, 12 bulleted items in 8 lists, none nested, no bullet glyphs', () => {
    const { doc } = clean('word2016-headings-title-bullets-resume.html');
    expect(nodes(doc, 'heading').filter((h) => h.attrs.level === 1)).toHaveLength(4);
    expect(nodes(doc, 'heading').filter((h) => h.attrs.level === 2)).toHaveLength(8);
    const lists = nodes(doc, 'bulletList');
    expect(lists).toHaveLength(8);
    expect(nodes(doc, 'listItem')).toHaveLength(12);
    expect(doc.textContent).not.toContain('·');
  });

  it('adjacent links stay two links', () => {
    const { html } = clean('word2016-links-adjacent.html');
    expect(html.match(/<a /g)).toHaveLength(2);
    expect(html).toContain('<a href="https://ckeditor.com/">CKEditor</a><a href="https://cksource.com/">CKSource</a>');
  });

  it('a bulleted list with inline styles and a link in its items', () => {
    const { doc } = clean('word2016-bulleted-list-inline-styles.html');
    const list = nodes(doc, 'bulletList');
    expect(list).toHaveLength(1);
    expect(outline(list[0] as PmNode)).toEqual(['Bold', 'Link', 'Multiple']);
    expect(marksOn(doc, 'old')).toEqual([['bold']]);
    expect(marksOn(doc, 'Lin').flat()).toContain('link');
  });

  it('nested numbered lists: types per level, a skipped level nests one step', () => {
    const { doc } = clean('word2016-numbered-list-nested.html');
    const lists = nodes(doc, 'orderedList');
    expect(outline(lists[0] as PmNode)).toEqual([
      'A1',
      ['B1', ['ol:a@1', ['C2', ['ol:1@1', 'D4']], ['E2', ['ol:i@1', 'F3']]]],
      'G1',
    ]);
  });

  it('mixed list types: sibling sublists of different kinds', () => {
    const { doc } = clean('word2016-list-mixed-types-nested.html');
    const top = doc.child(0);
    expect(top.type.name).toBe('bulletList');
    expect(outline(top)).toEqual([
      ['A1', ['ol:1@1', ['B2', ['ul', 'C4'], ['ol:1@1', 'D3']]]],
      ['E1', ['ol:1@1', 'F2']],
    ]);
  });

  it('start values: <ol start=5> and upper-roman list paragraphs from IV.', () => {
    const { doc } = clean('word2013-list-start-values-roman.html');
    const lists = nodes(doc, 'orderedList');
    expect(lists.map((l) => [l.attrs.start, l.attrs.type ?? null])).toEqual([
      [5, null],
      [4, 'I'],
    ]);
    expect(outline(lists[1] as PmNode)).toEqual(['First list item.', 'Second list item.']);
  });

  it('numbering continues after another list (start 3) and the bookmarks go', () => {
    const { doc, html } = clean('word365-list-continuation-after-other-list.html');
    const lists = nodes(doc, 'orderedList').filter((l) => doc.content.content.includes(l));
    expect(lists.map((l) => outline(l))).toEqual([
      ['One', 'Two'],
      ['Foo'],
      ['Three', ['Four', ['ol:a@1', 'Sub-1', 'Sub-2']]],
    ]);
    expect(lists[1]?.attrs.type).toBe('A');
    expect(lists[2]?.attrs.start).toBe(3);
    expect(html).not.toContain('<a');
  });

  it('ul/li markup split by paragraphs stays three lists with two paragraphs between', () => {
    const { doc } = clean('word2016-list-ul-li-split-by-paragraphs.html');
    const kinds = topLevel(doc).filter((t) => t !== 'paragraph' || true);
    expect(kinds.filter((k) => k === 'bulletList')).toHaveLength(3);
    const texts: string[] = [];
    doc.forEach((n) => texts.push(n.type.name === 'paragraph' ? n.textContent.trim() : `[${n.childCount}]`));
    expect(texts.filter((t) => t !== '')).toEqual(['[3]', 'Some text', '[3]', 'Some more text', '[3]']);
  });

  it('list items interrupted by paragraphs keep every item and paragraph in order', () => {
    const { doc } = clean('word365-list-interrupted-by-paragraphs.html');
    const text = doc.textContent;
    const order = [
      'Item 1',
      'Item 2',
      'Paragraph 1',
      'Item 3',
      'Paragraph 2',
      'Item 4',
      'Paragraph 3',
      'Item 5',
      'Paragraph 4',
    ];
    const positions = order.map((t) => text.indexOf(t));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(nodes(doc, 'bulletList').flatMap((l) => outline(l))).toEqual(['Item 2', 'Item 3', 'Item 4', 'Item 5']);
  });

  it('a table with a shaded header row keeps its cell backgrounds in Clean', () => {
    const { doc } = clean('word2016-table-header-cell-shading.html');
    const [table] = nodes(doc, 'table');
    expect(table?.childCount).toBe(4);
    const cells = nodes(doc, 'tableCell');
    expect(cells).toHaveLength(12);
    expect(cells.slice(0, 3).map((c) => c.attrs.background)).toEqual(['#CCCCCC', '#CCCCCC', '#CCCCCC']);
    expect(cells.slice(6, 9).map((c) => c.attrs.background)).toEqual(['#EEEEEE', '#EEEEEE', '#EEEEEE']);
    expect(marksOn(doc, 'Project Phase')).toEqual([['bold']]);
  });

  it('merged cells keep their colspans and backgrounds; the width helper row goes', () => {
    const { doc } = clean('word365-table-merged-cells-shading.html');
    const [table] = nodes(doc, 'table');
    expect(table?.childCount).toBe(8);
    const rows: number[][] = [];
    table?.forEach((row) => {
      const spans: number[] = [];
      row.forEach((cell) => spans.push(cell.attrs.colspan as number));
      rows.push(spans);
    });
    expect(rows[0]).toEqual([9]);
    for (const spans of rows) expect(spans.reduce((a, b) => a + b, 0)).toBe(9);
    expect(nodes(doc, 'tableCell').some((c) => c.attrs.rowspan !== 1)).toBe(false);
    expect(nodes(doc, 'tableCell').filter((c) => c.attrs.background !== null).length).toBeGreaterThan(4);
  });

  it('tables with rowspans and lists inside cells', () => {
    const { doc } = clean('word2013-tables-rowspan-lists-in-cells.html');
    expect(nodes(doc, 'table')).toHaveLength(6);
    expect(nodes(doc, 'tableCell').filter((c) => c.attrs.rowspan === 2).length).toBeGreaterThanOrEqual(2);
    const inCells = nodes(doc, 'tableCell').flatMap((c) => nodes(c, 'bulletList'));
    expect(inCells.length).toBeGreaterThanOrEqual(2);
    expect(outline(inCells[0] as PmNode)).toHaveLength(3);
  });

  it('local pictures (file:, VML) are counted for the notice, never kept; a data: picture stays', () => {
    const vml = clean('word2016-images-file-urls-vml.html');
    expect(vml.droppedLocalImages).toBe(3);
    expect(nodes(vml.doc, 'image')).toHaveLength(0);
    expect(vml.doc.textContent).toContain('Kitty from internet');
    const mixed = clean('word365-images-base64-and-file-urls.html');
    expect(mixed.droppedLocalImages).toBe(2);
    // The data: picture goes on to the uploads stage (which parks and uploads it before parsing).
    const images = mixed.html.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/src="data:image\/jpeg;base64,/);
    expect(images[0]).toContain('alt="Close-up of package with blank tag"');
    expect(clean('word365-mac-images-wrapped.html').droppedLocalImages).toBe(2);
  });

  it('footnotes: both paragraphs and both notes in order, no footnote links', () => {
    const { doc, html } = clean('word2013-footnotes.html');
    const text = doc.textContent;
    expect(text.indexOf('Test with footnote[1].')).toBeLessThan(text.indexOf('Another test[2]'));
    expect(text.indexOf('Another test[2]')).toBeLessThan(text.indexOf('[1] A simple footnote'));
    expect(text).toContain('[2] Another simple footnote');
    expect(html).not.toContain('#_ftn');
  });

  it('the large document: headings, a 5-item list, the 34-row form table, the news text, no anchors', () => {
    const { doc, html } = clean('word2013-large-document.html');
    expect(nodes(doc, 'heading').length).toBeGreaterThanOrEqual(4);
    const lists = nodes(doc, 'orderedList');
    expect(outline(lists[0] as PmNode)).toEqual([
      'Inventtory',
      'Text added and formatted',
      'Pictures added',
      'Text with and indented',
      'End',
    ]);
    const [table] = nodes(doc, 'table');
    expect(table?.childCount).toBe(34);
    expect(html).not.toContain('<a');
    expect(doc.textContent).toContain('End of Document.');
  });

  it('trailing clipboard bytes never reach the document', () => {
    const { doc } = clean('word2013-full-clipboard-trailing-bytes.html');
    expect(doc.textContent).not.toMatch(/[\uFFFD\u0011\u001C]/);
    expect(nodes(doc, 'heading').map((h) => h.textContent.trim())).toEqual(['I. Test', 'II. Test Description']);
    expect(nodes(doc, 'bulletList').flatMap((l) => outline(l))).toHaveLength(2);
  });

  it('Keep keeps fonts, sizes and colours the model supports; Clean keeps none', () => {
    const kept = clean('word2013-multilevel-list-fonts-colours-highlight.html', 'keep');
    const styles = nodes(kept.doc, 'text').flatMap((t) =>
      t.marks.filter((m) => m.type.name === 'textStyle').map((m) => m.attrs),
    );
    expect(styles.some((a) => typeof a.fontFamily === 'string' && a.fontFamily.includes('Georgia'))).toBe(true);
    expect(styles.some((a) => typeof a.color === 'string')).toBe(true);
    const cleaned = clean('word2013-multilevel-list-fonts-colours-highlight.html');
    expect(nodes(cleaned.doc, 'text').some((t) => t.marks.some((m) => m.type.name === 'textStyle'))).toBe(false);
  });
});

describe('Google Docs', () => {
  it('the bold wrapper is no bold, and the interchange newline adds no paragraph', () => {
    const { doc } = clean('gdocs-bold-wrapper-simple-text.html');
    expect(topLevel(doc)).toEqual(['paragraph']);
    expect(doc.textContent).toBe('Hello world');
    expect(marksOn(doc, 'Hello')).toEqual([[]]);
  });

  it('inline formatting from styles, the link without its look', () => {
    const { doc } = clean('gdocs-inline-formatting.html');
    expect(marksOn(doc, 'is bold ')).toEqual([['bold']]);
    expect(marksOn(doc, 'and italic')).toEqual([['bold', 'italic']]);
    expect(marksOn(doc, 'underlined')).toEqual([['underline']]);
    expect(marksOn(doc, 'struck through')).toEqual([['strike']]);
    expect(marksOn(doc, 'linked (to GitHub)')).toEqual([['link']]);
    expect(marksOn(doc, 'is superscript')).toEqual([['superscript']]);
    expect(marksOn(doc, 'is subscript')).toEqual([['subscript']]);
  });

  it('headings from h1–h3 and a line break', () => {
    const { doc } = clean('gdocs-headings-paragraphs.html');
    expect(nodes(doc, 'heading').map((h) => `h${String(h.attrs.level)} ${h.textContent}`)).toEqual([
      'h1 Heading 1',
      'h2 Heading 2',
      'h3 Heading 3',
    ]);
    const broken = nodes(doc, 'paragraph').find((p) => p.textContent.startsWith('Another paragraph in the middle.'));
    expect(broken?.textContent).toBe('Another paragraph in the middle.But with a line break.');
    expect(broken && nodes(broken, 'hardBreak')).toHaveLength(1);
  });

  it('nested ordered lists: 29 items, decimal > lower-alpha > lower-roman > decimal', () => {
    const { doc } = clean('gdocs-lists-nested-ordered.html');
    expect(topLevel(doc).filter((t) => t === 'orderedList')).toHaveLength(1);
    expect(nodes(doc, 'listItem')).toHaveLength(29);
    const top = nodes(doc, 'orderedList')[0] as PmNode;
    const first = outline(top)[0] as unknown[];
    expect(first[0]).toBe('1');
    expect((first[1] as unknown[])[0]).toBe('ol:a@1');
  });

  it('mixed lists: 10 items', () => {
    const { doc } = clean('gdocs-lists-mixed.html');
    expect(nodes(doc, 'listItem')).toHaveLength(10);
    expect(topLevel(doc).filter((t) => t.endsWith('List'))).toEqual(['orderedList', 'bulletList']);
  });

  it('a table with a header row and aligned cells', () => {
    const { doc } = clean('gdocs-table-header-row.html');
    const [table] = nodes(doc, 'table');
    expect(table?.childCount).toBe(4);
    expect(nodes(doc, 'tableHeader').map((c) => c.textContent)).toEqual([
      'Column',
      'Headings',
      'Go',
      'Here',
      'And Here',
    ]);
    expect(nodes(doc, 'paragraph').some((p) => p.attrs.textAlign === 'right')).toBe(true);
    expect(doc.textContent).toContain('🤷');
  });

  it('the newsletter: yellow cells, 12 list items, no [image] placeholders', () => {
    const { doc, html } = clean('gdocs-newsletter-formatting-table-lists.html');
    expect(nodes(doc, 'tableCell').map((c) => c.attrs.background)).toEqual([
      '#FFFF00',
      '#FFFF00',
      '#FFFF00',
      '#FFFF00',
    ]);
    expect(nodes(doc, 'listItem')).toHaveLength(12);
    expect(html).not.toContain('[image]');
  });
});

describe('LibreOffice', () => {
  it('one mark per word', () => {
    const { doc } = clean('libreoffice-basic-styles.html');
    expect(marksOn(doc, 'bold')).toEqual([['bold']]);
    expect(marksOn(doc, 'strikethrough')).toEqual([['strike']]);
    expect(marksOn(doc, 'subscript')).toEqual([['subscript']]);
  });

  it('headings 5 and 6 become level 4; quote and preformatted text', () => {
    const { doc } = clean('libreoffice-paragraph-formats.html');
    expect(topLevel(doc)).toEqual(['h1', 'h2', 'h3', 'h4', 'h4', 'h4', 'paragraph', 'blockquote', 'codeBlock']);
  });

  it('nested lists, one paragraph per item', () => {
    const { doc } = clean('libreoffice-lists-nested.html');
    const [ordered] = nodes(doc, 'orderedList');
    expect(outline(ordered as PmNode)[0]).toEqual([
      'list 1',
      ['ol:1@1', 'list 1.1', ['list 1.2', ['ol:1@1', 'list 1.2.1', 'list 1.2.2']]],
    ]);
    expect(nodes(doc, 'listItem').every((li) => li.childCount >= 1 && li.child(0).textContent !== '')).toBe(true);
  });

  it('cell backgrounds kept, the table colour not spread to the other cells', () => {
    const { doc } = clean('libreoffice-table-cell-background.html');
    expect(nodes(doc, 'tableCell').map((c) => c.attrs.background)).toEqual([
      '#FFB66C',
      '#5B277D',
      '#729FCF',
      null,
      null,
      null,
    ]);
  });

  it('the multi-feature document: no empty rows, the local picture announced', () => {
    const { doc, droppedLocalImages } = clean('libreoffice-multi-feature-document.html');
    for (const row of nodes(doc, 'tableRow')) expect(row.childCount).toBeGreaterThan(0);
    expect(droppedLocalImages).toBe(1);
    expect(doc.textContent).toContain('RAINBOW');
  });
});
