import { getSchema } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { MediaNodes } from '../../api/media';
import { defaultEditorOptions } from '../../editor-options';
import { GuardLimits } from '../../limits';
import { modelAttributesOf, readAttrs, validAttrs } from './attribute-model';
import { coreModelExtensions, createDocumentModel } from './create-document-model';
import { YDocKeys } from '../yjs/ydoc-keys';

const model = createDocumentModel(defaultEditorOptions);
const { rules, schema } = model;

const node = (name: string) => {
  const rule = rules.nodes.get(name);
  if (!rule) throw new Error(`no rule for ${name}`);
  return rule;
};
const mark = (name: string) => {
  const rule = rules.marks.get(name);
  if (!rule) throw new Error(`no rule for ${name}`);
  return rule;
};

/** The values issue 9 names: CSS, URL and markup injections, an oversize value and a non-plain object. */
const INJECTIONS: readonly unknown[] = [
  'javascript:alert(1)',
  'url(https://evil.example/x.png)',
  'expression(alert(1))',
  '1px; position: fixed; inset: 0; z-index: 99999',
  'x" onmouseover="alert(1)',
  'x'.repeat(GuardLimits.maxAttributeChars + 1),
  { toString: 'x' },
];
/** Attributes holding text shown as text (escaped when rendered). */
const FREE_TEXT = new Set([
  'alt',
  'caption',
  'title',
  'name',
  'label',
  'placeholder',
  'value',
  'description',
  'siteName',
  // a suggestion's author (a display name)
  'author',
  // the library's modification mark records another attribute's values (never rendered, never applied by Tandem)
  'previousValue',
  'newValue',
]);

describe('createDocumentModel', () => {
  it('builds the schema in Node (no DOM) with every node and mark of the editor, in the editor’s order', () => {
    // The order matters: parse rules of equal priority and the nesting of marks in the HTML follow it.
    expect(Object.keys(schema.nodes)).toEqual([
      'paragraph',
      'blockquote',
      'bulletList',
      'codeBlock',
      'doc',
      'hardBreak',
      'heading',
      'horizontalRule',
      'listItem',
      'orderedList',
      'text',
      'uploadPlaceholder',
      'image',
      'video',
      'file',
      'table',
      'tableRow',
      'tableHeader',
      'tableCell',
      'icon',
      'formControl',
      'embedCard',
    ]);
    expect(Object.keys(schema.marks)).toEqual([
      // Suggestions wrap whatever they change (the outermost marks).
      'insertion',
      'deletion',
      'modification',
      'link',
      'comment',
      'textStyle',
      'bold',
      'code',
      'italic',
      'strike',
      'underline',
      'subscript',
      'superscript',
    ]);
    expect(getSchema(model.extensions).spec.nodes.size).toBe(schema.spec.nodes.size);
  });

  it('is cached per options object', () => {
    expect(createDocumentModel(defaultEditorOptions)).toBe(model);
    expect(createDocumentModel({ ...defaultEditorOptions })).not.toBe(model);
  });

  it('lets text and every mark into paragraphs and headings, text but no marks into code blocks', () => {
    expect(node('paragraph')).toMatchObject({ text: true });
    expect(node('paragraph').marks).toEqual(new Set(Object.keys(schema.marks)));
    expect(node('paragraph').children).toEqual(
      new Set(['hardBreak', 'image', 'video', 'file', 'uploadPlaceholder', 'icon']),
    );
    expect(node('heading').marks.has('bold')).toBe(true);
    expect(node('codeBlock')).toMatchObject({ text: true });
    expect(node('codeBlock').marks.size).toBe(0);
    expect(node('codeBlock').children.size).toBe(0);
  });

  it('allows blocks at the top level, list items only in lists, and no text outside text blocks', () => {
    expect(rules.topLevel).toEqual(
      new Set([
        'paragraph',
        'heading',
        'blockquote',
        'bulletList',
        'orderedList',
        'codeBlock',
        'horizontalRule',
        'table',
        'formControl',
        'embedCard',
      ]),
    );
    expect(rules.topLevel.has('listItem')).toBe(false);
    expect(rules.topLevel.has('text')).toBe(false);
    expect(rules.nodes.has('doc')).toBe(false);
    expect(rules.nodes.has('text')).toBe(false);
    expect(node('bulletList').children).toEqual(new Set(['listItem']));
    expect(node('orderedList').children).toEqual(new Set(['listItem']));
    expect(node('listItem').children.has('paragraph')).toBe(true);
    expect(node('listItem').children.has('listItem')).toBe(false);
    for (const name of ['blockquote', 'bulletList', 'listItem', 'image', 'horizontalRule'])
      expect(node(name).text).toBe(false);
  });

  it('nests tables as table > row > cell > blocks, and nowhere else', () => {
    expect(node('table').children).toEqual(new Set(['tableRow']));
    expect(node('tableRow').children).toEqual(new Set(['tableCell', 'tableHeader']));
    expect(node('tableCell').children.has('paragraph')).toBe(true);
    expect(node('tableHeader').children.has('bulletList')).toBe(true);
    for (const name of ['table', 'tableRow', 'tableCell', 'tableHeader']) expect(node(name).text).toBe(false);
    for (const [name, rule] of rules.nodes) {
      if (name !== 'table') expect(rule.children.has('tableRow'), name).toBe(false);
      if (name !== 'tableRow') expect(rule.children.has('tableCell'), name).toBe(false);
    }
    expect(rules.topLevel.has('tableRow')).toBe(false);
    expect(rules.topLevel.has('tableCell')).toBe(false);
  });

  it('validates table and cell attributes: spans, widths, colours, alignments and the configured styles', () => {
    const cell = node('tableCell').attrs;
    expect(cell.get('colspan')?.(2)).toBe(true);
    for (const bad of [0, -1, 1.5, '2', 1_000_001]) expect(cell.get('colspan')?.(bad), String(bad)).toBe(false);
    expect(cell.get('rowspan')?.(3)).toBe(true);
    expect(cell.get('colwidth')?.([120, 0])).toBe(true);
    for (const bad of [[], [-5], ['100'], [1.5], 100, [100_000]]) {
      expect(cell.get('colwidth')?.(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(cell.get('background')?.('#FF0000')).toBe(true);
    expect(cell.get('background')?.('url(https://evil.example/x)')).toBe(false);
    expect(cell.get('verticalAlign')?.('middle')).toBe(true);
    expect(cell.get('verticalAlign')?.('baseline; color: red')).toBe(false);
    expect(cell.get('textAlign')?.('justify')).toBe(true);
    expect(cell.get('class')?.('fr-highlighted fr-thick')).toBe(true);
    expect(cell.get('class')?.('fr-highlighted evil')).toBe(false);
    expect(node('table').attrs.get('class')?.('fr-dashed-borders fr-alternate-rows')).toBe(true);
    expect(node('table').attrs.get('class')?.('fr-highlighted')).toBe(false);
  });

  it('has a validator for every schema attribute, and every default passes its validator unless it is required', () => {
    for (const type of [...Object.values(schema.nodes), ...Object.values(schema.marks)]) {
      const rule = rules.nodes.get(type.name) ?? rules.marks.get(type.name);
      if (!rule) continue;
      const required = rules.marks.get(type.name)?.required ?? new Set<string>();
      const attrs = Object.entries(type.spec.attrs ?? {}) as Array<[string, { default?: unknown }]>;
      expect([...rule.attrs.keys()].sort(), type.name).toEqual(attrs.map(([name]) => name).sort());
      for (const [name, spec] of attrs) {
        expect(rule.attrs.get(name)?.(spec.default), `${type.name}.${name}`).toBe(!required.has(name));
      }
    }
    // Only a suggestion's id is required (a suggestion without one can be neither accepted nor rejected).
    expect([...rules.marks.values()].flatMap((m) => [...(m.required ?? [])].map((a) => `${m.name}.${a}`))).toEqual([
      'insertion.id',
      'deletion.id',
      'modification.id',
    ]);
  });

  it('refuses a javascript: image src, and accepts an https or /uploads/ one', () => {
    const src = node('image').attrs.get('src');
    expect(src?.('javascript:alert(1)')).toBe(false);
    expect(src?.('https://example.com/a.png')).toBe(true);
    expect(src?.('/uploads/abc.png')).toBe(true);
    expect(node('video').attrs.get('src')?.('javascript:alert(1)')).toBe(false);
    expect(node('video').attrs.get('src')?.('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe(true);
    expect(node('file').attrs.get('href')?.('javascript:alert(1)')).toBe(false);
    expect(mark('link').attrs.get('href')?.('javascript:alert(1)')).toBe(false);
  });

  it('refuses every injection in every attribute that is not free text', () => {
    let refused = 0;
    for (const rule of [...rules.nodes.values(), ...rules.marks.values()]) {
      for (const [attr, validate] of rule.attrs) {
        for (const value of INJECTIONS) {
          if (!validate(value)) {
            refused++;
            continue;
          }
          expect(FREE_TEXT.has(attr), `${rule.name}.${attr} accepts ${String(value).slice(0, 40)}`).toBe(true);
          expect(String(value).length).toBeLessThanOrEqual(GuardLimits.maxAttributeChars);
        }
      }
    }
    expect(refused).toBeGreaterThan(300);
  });

  it('follows the deployment’s styles: a paragraph class or image style of another deployment is refused', () => {
    const custom = createDocumentModel({
      ...defaultEditorOptions,
      paragraphStyles: [{ label: 'Note', value: 'note' }],
      imageStyles: [],
    });
    expect(custom.rules.nodes.get('paragraph')?.attrs.get('class')?.('note')).toBe(true);
    expect(custom.rules.nodes.get('paragraph')?.attrs.get('class')?.('fr-text-gray')).toBe(false);
    expect(node('paragraph').attrs.get('class')?.('fr-text-gray')).toBe(true);
    expect(custom.rules.nodes.get('image')?.attrs.get('classes')?.('fr-rounded')).toBe(false);
  });
});

describe('attribute models in the schema', () => {
  it('read a node’s attributes through its validators (invalid → default)', () => {
    const image = schema.nodes.image?.create({
      src: 'javascript:alert(1)',
      width: '1px; position: fixed',
      classes: 'fr-rounded evil',
      alt: 'A cat',
    });
    expect(image && readAttrs(image)).toMatchObject({
      src: '',
      width: null,
      classes: '',
      alt: 'A cat',
      align: 'center',
    });
    const paragraph = schema.nodes.paragraph?.create({ textAlign: 'center', lineHeight: 'url(x)' });
    expect(paragraph && readAttrs(paragraph)).toEqual({ class: null, lineHeight: null, textAlign: 'center' });
    const style = schema.marks.textStyle?.create({ color: 'url(https://evil)', fontSize: '24px' });
    expect(style && readAttrs(style)).toMatchObject({ color: null, fontSize: '24px' });
  });

  it('keep valid values as they are', () => {
    const models = modelAttributesOf(schema.nodes.orderedList ?? { spec: {} });
    expect(models && validAttrs({ start: 3, type: 'i', listStyleType: 'lower-roman' }, models)).toEqual({
      start: 3,
      type: 'i',
      listStyleType: 'lower-roman',
    });
  });
});

describe('what the model derives', () => {
  it('YDocKeys.emptyBlock is the block the doc fills itself with', () => {
    expect(YDocKeys.emptyBlock).toBe(schema.topNodeType.contentMatch.defaultType?.name);
  });

  it('MediaNodes names model nodes and their URL attributes', () => {
    for (const media of Object.values(MediaNodes)) {
      const type = schema.nodes[media.node];
      expect(type, media.node).toBeDefined();
      if (media.urlAttr) expect(Object.keys(type?.spec.attrs ?? {})).toContain(media.urlAttr);
    }
  });

  it('the core extensions are the StarterKit part of the model', () => {
    const core = getSchema(coreModelExtensions(defaultEditorOptions));
    expect(Object.keys(core.nodes)).not.toContain('image');
    expect(Object.keys(core.marks)).toEqual(expect.arrayContaining(['bold', 'italic', 'underline', 'strike', 'code']));
    expect(Object.keys(core.nodes)).toEqual(expect.arrayContaining(['doc', 'paragraph', 'heading', 'codeBlock']));
  });
});
