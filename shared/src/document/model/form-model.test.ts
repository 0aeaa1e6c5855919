// @vitest-environment jsdom
// jsdom gives the HTML parts of Markdown a DOM to be parsed in (as the browser does).
import { DOMParser as PmDOMParser } from '@tiptap/pm/model';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { defaultEditorOptions } from '../../editor-options';
import { exportedBodyHtml } from '../html/html-export';
import { documentMarkdown } from '../markdown/markdown';
import { checkAttribute } from '../yjs/update-guard';
import { createDocumentModel } from './create-document-model';
import { formControlLines } from '../html/form-html';
import { readFormAttrs, type FormControlAttrs } from './form-model';
import { diffDocuments } from './version-diff';

const model = createDocumentModel(defaultEditorOptions);
const { schema, rules } = model;

const formDoc = (...controls: Partial<FormControlAttrs>[]) =>
  schema.nodeFromJSON({
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: 'Form' }] },
      ...controls.map((attrs) => ({ type: 'formControl', attrs })),
    ],
  });

function parse(html: string) {
  const { body } = new JSDOM(`<body>${html}</body>`).window.document;
  return PmDOMParser.fromSchema(schema).parse(body);
}

const controlsOf = (doc: ReturnType<typeof parse>): Record<string, unknown>[] => {
  const out: Record<string, unknown>[] = [];
  doc.descendants((node) => {
    if (node.type.name === 'formControl') out.push(node.attrs);
  });
  return out;
};

describe('the form control node', () => {
  it('validates every attribute at the update guard', () => {
    const rule = rules.nodes.get('formControl');
    expect(rule).toBeDefined();
    if (!rule) return;
    const ok = (key: string, value: unknown) => checkAttribute(rule, key, new Y.ContentAny([value])) === null;
    expect(ok('control', 'select')).toBe(true);
    expect(ok('control', 'iframe')).toBe(false);
    expect(ok('inputType', 'email')).toBe(true);
    for (const t of ['file', 'hidden', 'submit', 'image', 'Email']) expect(ok('inputType', t), t).toBe(false);
    for (const n of ['email', 'user.name', 'items[0]', 'a-b_c', '']) expect(ok('name', n), n).toBe(true);
    for (const n of ['1st', 'a b', 'a"b', '<x>', 'x'.repeat(65), 42]) expect(ok('name', n), String(n)).toBe(false);
    expect(ok('label', 'Your e-mail <address>')).toBe(true);
    expect(ok('label', 'line\nbreak')).toBe(false);
    expect(ok('label', 'x'.repeat(201))).toBe(false);
    expect(ok('placeholder', 'x'.repeat(200))).toBe(true);
    expect(ok('value', 'x'.repeat(1001))).toBe(false);
    expect(ok('required', true)).toBe(true);
    expect(ok('required', 'true')).toBe(false);
    expect(ok('checked', 1)).toBe(false);
    expect(ok('options', ['Red', 'Green'])).toBe(true);
    expect(ok('options', [])).toBe(true);
    expect(ok('options', ['Red', 'Red'])).toBe(false);
    expect(ok('options', [''])).toBe(false);
    expect(ok('options', ['x'.repeat(101)])).toBe(false);
    expect(
      ok(
        'options',
        Array.from({ length: 21 }, (_, i) => `o${String(i)}`),
      ),
    ).toBe(false);
    expect(ok('options', [1, 2])).toBe(false);
    expect(ok('options', 'Red,Green')).toBe(false);
    expect(ok('styles', 'fr-rounded fr-large')).toBe(true);
    expect(ok('styles', 'fr-large')).toBe(true);
    expect(ok('styles', 'fr-rounded fr-rounded')).toBe(false);
    expect(ok('styles', 'evil')).toBe(false);
    expect(ok('onclick', 'x')).toBe(false);
  });

  it('reads invalid attributes as their defaults', () => {
    const a = readFormAttrs({ control: 'script', name: '1x', inputType: 'file', options: 'a', styles: 'x' });
    expect(a).toMatchObject({ control: 'text', name: '', inputType: 'text', options: [], styles: '' });
  });

  it('renders real controls from validated attributes, escaped, and parses back from the wrapper only', () => {
    const doc = formDoc(
      {
        control: 'text',
        name: 'email',
        label: 'E-mail "<b>"',
        inputType: 'email',
        required: true,
        styles: 'fr-rounded',
      },
      { control: 'textarea', label: 'Notes', placeholder: 'Say <hi>', value: 'a & b' },
      { control: 'select', name: 'colour', label: 'Colour', options: ['Red', 'Green'], value: 'Green' },
      { control: 'checkbox', name: 'agree', label: 'I agree', checked: true },
      { control: 'radio', name: 'size', label: 'Size', options: ['S', 'M'], value: 'S' },
      { control: 'button', label: 'Send', styles: 'fr-large fr-rounded' },
    );
    const html = exportedBodyHtml(doc, '');
    expect(html).toContain('<input type="email" name="email" class="fr-rounded" required="">');
    expect(html).toContain('<span>E-mail "&lt;b&gt;"</span>');
    expect(html).toContain('<textarea placeholder="Say &lt;hi&gt;">a &amp; b</textarea>');
    expect(html).toContain('<option value="Green" selected="">Green</option>');
    expect(html).toContain('<input type="checkbox" name="agree" checked="">');
    expect(html).toContain('<input type="radio" value="S" name="size" checked="">');
    expect(html).toContain('<button type="button" class="fr-large fr-rounded">Send</button>');
    expect(html).not.toContain('<form');
    expect(parse(html).toJSON()).toEqual(doc.toJSON());
  });

  it('drops hostile values from pasted HTML and ignores the inner control', () => {
    const hostile = parse(
      `<div class="fr-form" data-form='{"control":"text","inputType":"file","name":"a b","styles":"evil fr-large","options":[1,2]}'><input type="file" onchange="alert(1)" name="x"></div>` +
        `<div class="fr-form" data-form='{"control":"nope","label":"ok"}'></div><div class="fr-form" data-form="not json"></div><input type="text" name="loose">`,
    );
    expect(controlsOf(hostile)).toEqual([readFormAttrs({}), readFormAttrs({ label: 'ok' }), readFormAttrs({})]);
  });

  it('is readable as text (plain text, PDF, Word) and round-trips through Markdown as HTML', () => {
    expect(formControlLines(readFormAttrs({ control: 'checkbox', label: 'I agree', required: true }))).toEqual([
      '[ ] I agree *',
    ]);
    expect(formControlLines(readFormAttrs({ control: 'text', label: 'Name' }))).toEqual(['Name: ______']);
    expect(
      formControlLines(readFormAttrs({ control: 'radio', label: 'Size', options: ['S', 'M'], value: 'M' })),
    ).toEqual(['Size:', '  ( ) S', '  (•) M']);
    expect(formControlLines(readFormAttrs({ control: 'button', label: 'Send' }))).toEqual(['[ Send ]']);
    const doc = formDoc({ control: 'select', name: 'c', label: 'Colour', options: ['Red', 'Green'], value: 'Red' });
    const markdown = documentMarkdown(model);
    const md = markdown.serialize(doc);
    expect(md).toContain('<select name="c">');
    expect(markdown.parse(md).toJSON()).toEqual(doc.toJSON());
  });

  it('shows an attribute change in the version comparison', () => {
    const diff = diffDocuments(
      formDoc({ control: 'button', label: 'Send' }),
      formDoc({ control: 'button', label: 'Go' }),
    );
    expect(diff.blocks.some((b) => b.kind !== 'same')).toBe(true);
  });
});
