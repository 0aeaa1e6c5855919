import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { ProseMirrorJson } from '@shared/api/export';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { defaultEditorOptions } from '@shared/editor-options';
import { richDocumentJson } from '../../../../../tests/helpers/rich-document';
import { renderPdf } from './render-pdf';

const model = createDocumentModel(defaultEditorOptions);
type Json = ProseMirrorJson;
const paragraph = (value: string): Json => ({ type: 'paragraph', content: [{ type: 'text', text: value }] });

async function pdfOf(content: Json[]): Promise<Array<{ page: number; str: string; x: number; y: number }>> {
  const doc = model.schema.nodeFromJSON({ type: 'doc', content });
  const bytes = await renderPdf({ doc, title: 'T', page: 'a4', images: {}, origin: 'https://tandem.example' });
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const out: Array<{ page: number; str: string; x: number; y: number }> = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    for (const item of (await (await pdf.getPage(n)).getTextContent()).items) {
      if ('str' in item && item.str.trim() !== '') {
        out.push({ page: n, str: item.str, x: Number(item.transform[4]), y: Number(item.transform[5]) });
      }
    }
  }
  await pdf.destroy();
  return out;
}

const pageOf = (items: Array<{ page: number; str: string }>, str: string): number =>
  items.find((i) => i.str === str)?.page ?? -1;

describe('renderPdf', { timeout: 30_000 }, () => {
  it('writes the text of every node of the model', async () => {
    const rich = richDocumentJson().content ?? [];
    const text = (await pdfOf(rich)).map((i) => i.str).join(' ');
    for (const part of [
      'Title “é”',
      'bold',
      'strike',
      'code()',
      'Lists',
      'nested',
      'iii.',
      'three',
      'iv.',
      'quoted',
      'twice',
    ]) {
      expect(text).toContain(part);
    }
    for (const part of [
      'const a = 1 < 2 && "é";',
      'Head é',
      'merged & <wide>',
      'in cell',
      'alt é',
      'A caption & more',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toContain('report é.pdf');
    expect(text).toContain('Video: https://tandem.example/uploads/v.mp4');
  });

  it('never leaves a heading alone at the bottom of a page', async () => {
    // Whatever the amount of text above it, a heading starts the page its paragraph starts.
    for (let count = 30; count < 44; count++) {
      const items = await pdfOf([
        ...Array.from({ length: count }, (_, i) => paragraph(`Text ${i}`)),
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Kapitel' }] },
        paragraph('Erster Absatz'),
      ]);
      expect({ count, page: pageOf(items, 'Kapitel') }).toEqual({ count, page: pageOf(items, 'Erster Absatz') });
    }
  });

  it('keeps each table row on one page', async () => {
    const cell = (i: number): Json => ({
      type: 'tableCell',
      content: ['a', 'b', 'c'].map((part) => paragraph(`R${i}${part}`)),
    });
    const rows = Array.from({ length: 40 }, (_, i) => ({ type: 'tableRow', content: [cell(i), cell(i + 100)] }));
    const items = await pdfOf([{ type: 'table', content: rows }]);
    expect(Math.max(...items.map((i) => i.page))).toBeGreaterThan(1);
    for (let i = 0; i < 40; i++) {
      expect(new Set(['a', 'b', 'c'].map((part) => pageOf(items, `R${i}${part}`))).size).toBe(1);
    }
  });

  it('wraps long lines inside the margins and cuts words wider than a line', async () => {
    const items = await pdfOf([paragraph(`${'Wort '.repeat(200)}${'x'.repeat(400)}`)]);
    const right = 595.28 - 20 * (72 / 25.4);
    expect(Math.min(...items.map((i) => i.x))).toBeGreaterThanOrEqual(20 * (72 / 25.4) - 0.01);
    expect(items.filter((i) => i.str.startsWith('x')).length).toBeGreaterThan(1);
    expect(items.every((i) => i.x < right)).toBe(true);
  });
});

describe('renderPdf with icons', { timeout: 30_000 }, () => {
  it('draws an icon as an inline box of its size: the text after it moves right by the icon', async () => {
    const icon = (size: string | null): Json => ({ type: 'icon', attrs: { name: 'house', color: '#E03E2D', size } });
    const line = (size: string | null): Json => ({
      type: 'paragraph',
      content: [{ type: 'text', text: 'A' }, icon(size), { type: 'text', text: 'B' }],
    });
    const small = await pdfOf([line('12px')]);
    const large = await pdfOf([line('48px')]);
    const xOf = (items: typeof small, str: string): number => items.find((i) => i.str === str)?.x ?? Number.NaN;
    // 48px − 12px = 27pt more room between A and B; no placeholder text is written for the icon (the page number is the footer's).
    expect(xOf(large, 'B') - xOf(small, 'B')).toBeCloseTo(27, 0);
    expect(small.map((i) => i.str)).toEqual(['A', 'B', '1 / 1']);
  });
});

describe('renderPdf with form controls', { timeout: 30_000 }, () => {
  it('writes each control as readable text', async () => {
    const text = (
      await pdfOf([
        {
          type: 'formControl',
          attrs: { control: 'radio', label: 'Size', options: ['Small', 'Large'], value: 'Large' },
        },
        { type: 'formControl', attrs: { control: 'button', label: 'Send' } },
        { type: 'formControl', attrs: { control: 'textarea', label: 'Notes', placeholder: 'Say hi' } },
      ])
    )
      .map((i) => i.str)
      .join(' ');
    for (const part of ['Size:', 'Small', 'Large', '[ Send ]', 'Notes: Say hi ______']) expect(text).toContain(part);
  });
});

describe('renderPdf with embed cards', { timeout: 30_000 }, () => {
  it('writes a card readably: its title, site and description, and its address', async () => {
    const card: Json = {
      type: 'embedCard',
      attrs: {
        url: 'https://example.com/notes',
        title: 'Field notes',
        description: 'How a card is made.',
        image: null,
        siteName: 'Example',
      },
    };
    const text = (await pdfOf([paragraph('Before'), card])).map((i) => i.str).join(' ');
    expect(text).toContain('Field notes');
    expect(text).toContain('Example — How a card is made.');
    expect(text).toContain('https://example.com/notes');
  });
});
