// @vitest-environment jsdom
// jsdom gives the HTML parts of Markdown a DOM to be parsed in (as the browser does).
import { DOMParser as PmDOMParser } from '@tiptap/pm/model';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { defaultEditorOptions } from '../../editor-options';
import { exportedBodyHtml } from '../html/html-export';
import { renderFragmentHtml } from '../html/html-serializer';
import { isIconName } from '../icons/icon-names';
import { LUCIDE_DRAWINGS } from '../icons/lucide-drawings';
import { documentMarkdown } from '../markdown/markdown';
import { checkAttribute } from '../yjs/update-guard';
import { createDocumentModel } from './create-document-model';
import { readIconAttrs } from './icon-model';
import { diffDocuments } from './version-diff';

const model = createDocumentModel(defaultEditorOptions);
const { schema, rules } = model;

const iconDoc = (attrs: Record<string, unknown>, text = 'Call ') =>
  schema.nodeFromJSON({
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text },
          { type: 'icon', attrs },
        ],
      },
    ],
  });

function parse(html: string) {
  const { body } = new JSDOM(`<body>${html}</body>`).window.document;
  return PmDOMParser.fromSchema(schema).parse(body);
}

describe('the icon node', () => {
  it('accepts the names of the bundled set only (the model registers them)', () => {
    expect(isIconName('house')).toBe(true);
    expect(isIconName('arrow-big-left')).toBe(true);
    const bad: unknown[] = [
      'not-an-icon',
      'House',
      'house ',
      '',
      'a--b',
      'x'.repeat(65),
      42,
      null,
      { toString: 'house' },
    ];
    bad.forEach((value, i) => expect(isIconName(value), `case ${String(i)}`).toBe(false));
  });

  it('checks colour and size with the model’s text colour and font size validators', () => {
    const icon = rules.nodes.get('icon');
    expect(icon).toBeDefined();
    if (!icon) return;
    const check = (key: string, value: unknown) => checkAttribute(icon, key, new Y.ContentAny([value]));
    expect(check('name', 'house')).toBeNull();
    expect(check('name', 'nope-nope')).not.toBeNull();
    expect(check('color', '#E03E2D')).toBeNull();
    expect(check('color', null)).toBeNull();
    expect(check('color', 'red; background: url(x)')).not.toBeNull();
    expect(check('size', '24px')).toBeNull();
    expect(check('size', '24px; position: fixed')).not.toBeNull();
    expect(check('size', '9999px')).not.toBeNull();
    expect(check('onclick', 'x')).not.toBeNull();
  });

  it('reads invalid attributes as their defaults', () => {
    expect(readIconAttrs({ name: 'nope-nope', color: 'url(x)', size: '1px; x' })).toEqual({
      name: 'star',
      color: null,
      size: null,
    });
  });

  it('renders a named element and parses it back; names outside the set and hostile styles are dropped', () => {
    const doc = iconDoc({ name: 'house', color: '#E03E2D', size: '24px' });
    const html = renderFragmentHtml(doc.content, schema);
    expect(html).toBe(
      '<p>Call <i class="fr-icon" data-icon="house" role="img" aria-label="House" style="color: #E03E2D; font-size: 24px"></i></p>',
    );
    expect(parse(html).toJSON()).toEqual(doc.toJSON());
    const hostile = parse(
      '<p><i class="fr-icon" data-icon="nope-nope">x</i><i class="fr-icon" data-icon="house" style="color: expression(alert(1)); font-size: 9999px"></i></p>',
    );
    const icons: unknown[] = [];
    hostile.descendants((node) => {
      if (node.type.name === 'icon') icons.push(node.attrs);
    });
    expect(icons).toEqual([{ name: 'house', color: null, size: null, suggestion: null }]);
  });

  it('is drawn as inline SVG in the HTML export, with the set’s shapes only', () => {
    const html = exportedBodyHtml(iconDoc({ name: 'house', color: '#E03E2D', size: null }), '', LUCIDE_DRAWINGS);
    expect(html).toMatch(
      /^<p>Call <i class="fr-icon" data-icon="house" role="img" aria-label="House" style="color: #E03E2D"><svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1em" height="1em" viewbox="0 0 24 24" fill="none" stroke="currentColor"[^>]*aria-hidden="true"[^>]*>(<path d="[^"]+"><\/path>)+<\/svg><\/i><\/p>$/,
    );
    // Without the drawings (code view, autosave), the element alone.
    expect(exportedBodyHtml(iconDoc({ name: 'house' }), '')).not.toContain('<svg');
    // The exported file parses back to the same icon (the drawing is not content).
    expect(parse(html).toJSON()).toEqual(iconDoc({ name: 'house', color: '#E03E2D' }).toJSON());
  });

  it('is readable in plain text and round-trips through Markdown', () => {
    const doc = iconDoc({ name: 'heart', color: '#E03E2D', size: '32px' });
    expect(doc.textContent).toBe('Call ');
    expect(doc.textBetween(0, doc.content.size, '\n', (leaf) => (leaf.type.name === 'icon' ? ':heart:' : ''))).toBe(
      'Call :heart:',
    );
    const markdown = documentMarkdown(model);
    const md = markdown.serialize(doc);
    expect(md).toContain('data-icon="heart"');
    expect(markdown.parse(md).toJSON()).toEqual(doc.toJSON());
  });

  it('shows in the version comparison as an icon, with its colour change', () => {
    const diff = diffDocuments(
      iconDoc({ name: 'heart', color: '#E03E2D' }),
      iconDoc({ name: 'heart', color: '#000000' }),
    );
    const changed = diff.blocks.find((b) => b.kind === 'changed');
    expect(changed && changed.kind === 'changed' ? changed.attrs : []).toContainEqual({
      kind: 'media',
      node: 'icon',
      attr: 'color',
      from: '#E03E2D',
      to: '#000000',
    });
    const added = diffDocuments(iconDoc({ name: 'heart' }, 'a'), iconDoc({ name: 'heart' }, 'a')).blocks;
    expect(added.every((b) => b.kind === 'same')).toBe(true);
  });
});
