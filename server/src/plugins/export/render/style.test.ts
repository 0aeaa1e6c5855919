import { describe, expect, it } from 'vitest';
import { numberLabel } from './lists';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { defaultEditorOptions } from '@shared/editor-options';
import {
  absoluteHref,
  firstFamily,
  fontKindOf,
  hexColor,
  parseFontSize,
  parseLineHeight,
  runStyleOf,
  SUGGESTION_COLORS,
} from './style';

describe('export styles', () => {
  it.each([
    ['#e25041', '#E25041'],
    ['#E2504180', '#E25041'],
    ['#E2504100', null],
    ['red', '#FF0000'],
    ['rebeccapurple', null],
    [42, null],
  ])('colour %s → %s', (value, expected) => {
    expect(hexColor(value)).toBe(expected);
  });

  it.each([
    ['Georgia, serif', 'serif'],
    ['"Times New Roman", Times', 'serif'],
    ['Arial, Helvetica, sans-serif', 'sans'],
    ['"Courier New", monospace', 'mono'],
    ['Verdana', 'sans'],
  ])('font stack %s → DejaVu %s', (stack, kind) => {
    expect(fontKindOf(stack)).toBe(kind);
  });

  it('reads sizes, line heights, families and link addresses', () => {
    expect(parseFontSize('24px')).toEqual({ pt: 18 });
    expect(parseFontSize('12pt')).toEqual({ pt: 12 });
    expect(parseFontSize('150%')).toEqual({ factor: 1.5 });
    expect(parseFontSize('2em')).toEqual({ factor: 2 });
    expect(parseFontSize('big')).toBeNull();
    expect(parseLineHeight('1.5')).toEqual({ factor: 1.5 });
    expect(parseLineHeight('24px')).toEqual({ pt: 18 });
    expect(firstFamily('"Times New Roman", serif')).toBe('Times New Roman');
    expect(absoluteHref('/uploads/a.pdf', 'https://t.example')).toBe('https://t.example/uploads/a.pdf');
    expect(absoluteHref('//evil.example/x', 'https://t.example')).toBeNull();
    expect(absoluteHref('#top', 'https://t.example')).toBeNull();
    expect(absoluteHref('mailto:a@b.c', null)).toBe('mailto:a@b.c');
  });

  it.each([
    [3, 'decimal', '3.'],
    [28, 'lower-alpha', 'ab.'],
    [4, 'upper-roman', 'IV.'],
    [1994, 'lower-roman', 'mcmxciv.'],
    [2, 'lower-greek', 'β.'],
    [0, 'lower-alpha', '0.'],
  ] as const)('list number %i in %s is %s', (n, style, label) => {
    expect(numberLabel(n, style)).toBe(label);
  });
});

describe('suggestions as marked', () => {
  const { schema } = createDocumentModel(defaultEditorOptions);
  const mark = (name: string) => schema.marks[name]?.create({ id: 'sugg_0123456789ab', author: 'Ada' });

  it('underline inserted text and strike deleted text, each in its colour', () => {
    const insertion = mark('insertion');
    const deletion = mark('deletion');
    if (!insertion || !deletion) throw new Error('no suggestion marks');
    expect(runStyleOf([insertion], null)).toMatchObject({
      underline: true,
      strike: false,
      color: SUGGESTION_COLORS.insertion,
    });
    expect(runStyleOf([deletion], null)).toMatchObject({
      underline: false,
      strike: true,
      color: SUGGESTION_COLORS.deletion,
    });
  });
});
