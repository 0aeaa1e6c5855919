// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { Document, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { WordStyles } from '@shared/document/word/word-styles';
import { importFailureOf } from './import-file';
import { readImportFile } from './import-read';

/** A 1×1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

const codeOf = async (file: File): Promise<string> => {
  try {
    await readImportFile(file);
    return 'ok';
  } catch (error) {
    return importFailureOf(error)?.import ?? String(error);
  }
};

async function wordFile(): Promise<File> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Imported heading')] }),
          new Paragraph({ children: [new TextRun('plain '), new TextRun({ text: 'bold', bold: true })] }),
          new Paragraph({ text: 'first item', bullet: { level: 0 } }),
          new Table({
            rows: [
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph('cell one')] }),
                  new TableCell({ children: [new Paragraph('cell two')] }),
                ],
              }),
            ],
          }),
          new Paragraph({
            children: [new ImageRun({ type: 'png', data: PNG, transformation: { width: 10, height: 10 } })],
          }),
        ],
      },
    ],
  });
  const bytes = await Packer.toArrayBuffer(doc);
  return new File([bytes], 'report.docx');
}

describe('readImportFile', () => {
  it('reads the body and title of an HTML file, inertly', async () => {
    const html =
      '<!doctype html><html><head><title> Page title </title><style>p{}</style></head><body><h2>Hi</h2><p>text</p></body></html>';
    const content = await readImportFile(new File([html], 'page.html', { type: 'text/html' }));
    expect(content).toEqual({ format: 'html', text: '<h2>Hi</h2><p>text</p>', title: 'Page title' });
  });

  it('keeps Markdown as text for the editor’s Markdown rules, titled by the file name', async () => {
    const content = await readImportFile(new File(['\uFEFF# Notes\n\n**bold**'], 'My notes.md'));
    expect(content).toEqual({ format: 'markdown', text: '# Notes\n\n**bold**', title: 'My notes' });
  });

  it('converts Word to HTML with heading, bold, list, table and the picture as a data: URI', async () => {
    const content = await readImportFile(await wordFile());
    expect(content.format).toBe('html');
    expect(content.title).toBe('report');
    expect(content.text).toContain('<h1>Imported heading</h1>');
    expect(content.text).toContain('<strong>bold</strong>');
    expect(content.text).toMatch(/<ul><li>first item<\/li><\/ul>/);
    expect(content.text).toMatch(/<table>.*cell one.*cell two.*<\/table>/);
    expect(content.text).toMatch(/<img src="data:image\/png;base64,/);
  });

  it('reads quotes, code and underlining in the styles the .docx export writes them', async () => {
    const styled = new Document({
      styles: {
        paragraphStyles: [WordStyles.quote, WordStyles.codeBlock],
        characterStyles: [WordStyles.inlineCode],
      },
      sections: [
        {
          children: [
            new Paragraph({ style: WordStyles.quote.id, children: [new TextRun('quoted')] }),
            new Paragraph({
              style: WordStyles.codeBlock.id,
              children: [new TextRun('let a;'), new TextRun({ text: 'a = 1;', break: 1 })],
            }),
            new Paragraph({
              children: [
                new TextRun({ text: 'under', underline: {} }),
                new TextRun(' and '),
                new TextRun({ text: 'code()', style: WordStyles.inlineCode.id }),
              ],
            }),
          ],
        },
      ],
    });
    const content = await readImportFile(new File([await Packer.toArrayBuffer(styled)], 'styled.docx'));
    expect(content.text).toBe(
      '<blockquote><p>quoted</p></blockquote><pre>let a;<br />a = 1;</pre><p><u>under</u> and <code>code()</code></p>',
    );
  });

  it('refuses binary data with a text ending, a Word file that is not one, and empty content', async () => {
    expect(await codeOf(new File([Uint8Array.from([0xff, 0xfe, 0x00, 0x81])], 'x.html'))).toBe('malformed');
    expect(await codeOf(new File(['a\u0000b'], 'x.md'))).toBe('malformed');
    expect(await codeOf(new File(['this is not a zip'], 'x.docx'))).toBe('malformed');
    expect(await codeOf(new File(['  \n '], 'x.md'))).toBe('empty');
    expect(await codeOf(new File(['<html><head><title>t</title></head><body> </body></html>'], 'x.html'))).toBe(
      'empty',
    );
    expect(await codeOf(new File(['x'], 'x.exe'))).toBe('unsupportedType');
  });
});
