// @vitest-environment jsdom
// jsdom gives the HTML parts of Markdown a DOM to be parsed in (as the browser does).
import { DOMParser as PmDOMParser } from '@tiptap/pm/model';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { defaultEditorOptions } from '../../editor-options';
import { renderFragmentHtml } from '../html/html-serializer';
import { documentMarkdown } from '../markdown/markdown';
import { checkAttribute } from '../yjs/update-guard';
import { createDocumentModel } from './create-document-model';
import { cleanEmbedUrl, readEmbedCardAttrs } from './embed-card-model';
import { embedCardAttrsFrom } from './embed-card-values';
import { embedCardAsQuote } from './embed-card-readable';
import { diffDocuments } from './version-diff';

const model = createDocumentModel(defaultEditorOptions);
const { schema, rules } = model;

const CARD = {
  url: 'https://example.com/notes',
  title: 'Field notes',
  description: 'How a card is made.',
  image: '/uploads/0123456789abcdef0123456789abcdef.png',
  siteName: 'Example',
};
const cardDoc = (attrs: Record<string, unknown>) =>
  schema.nodeFromJSON({ type: 'doc', content: [{ type: 'embedCard', attrs }] });

function parse(html: string) {
  const { body } = new JSDOM(`<body>${html}</body>`).window.document;
  return PmDOMParser.fromSchema(schema).parse(body);
}

describe('the embed card node', () => {
  it('checks every field at the guard: http(s) address, our own picture, bounded text without controls', () => {
    const card = rules.nodes.get('embedCard');
    expect(card).toBeDefined();
    if (!card) return;
    const check = (key: string, value: unknown) => checkAttribute(card, key, new Y.ContentAny([value]));
    for (const [key, value] of Object.entries(CARD)) expect(check(key, value), key).toBeNull();
    expect(check('image', null)).toBeNull();
    const refused: Array<[string, unknown]> = [
      ['url', 'javascript:alert(1)'],
      ['url', 'data:text/html,x'],
      ['url', 'https://u:p@example.com/'],
      ['url', 'https://example.com/a b'],
      ['url', null],
      ['url', `https://example.com/${'a'.repeat(2100)}`],
      ['image', 'https://evil.example/p.png'],
      ['image', '/uploads/../../etc/passwd'],
      ['image', '//evil.example/uploads/a.png'],
      ['title', 'x'.repeat(301)],
      ['title', 'a\u0007b'],
      ['description', 'x'.repeat(1001)],
      ['siteName', 42],
      ['html', '<script>alert(1)</script>'],
    ];
    for (const [key, value] of refused) expect(check(key, value), `${key}=${String(value)}`).not.toBeNull();
  });

  it('cleans raw values (server answers) into stored fields', () => {
    expect(cleanEmbedUrl(' https://Example.com/a ')).toBe('https://example.com/a');
    expect(cleanEmbedUrl('ftp://example.com/')).toBeNull();
    const attrs = embedCardAttrsFrom({
      ...CARD,
      title: `  A\n\ttitle ${'x'.repeat(400)}`,
      image: 'https://evil/x.png',
    });
    expect(attrs?.title.startsWith('A title x')).toBe(true);
    expect(attrs?.title.length).toBe(300);
    expect(attrs?.image).toBeNull();
    expect(embedCardAttrsFrom({ url: 'javascript:alert(1)' })).toBeNull();
    expect(readEmbedCardAttrs({ url: 'javascript:x', title: 5 })).toMatchObject({ url: '', title: '' });
  });

  it('renders a link card from the stored fields and parses it back; hostile HTML keeps only text', () => {
    const doc = cardDoc(CARD);
    const html = renderFragmentHtml(doc.content, schema);
    expect(html).toBe(
      '<div class="fr-embed-card" data-url="https://example.com/notes"><a href="https://example.com/notes" rel="noopener noreferrer nofollow" target="_blank"><img class="fr-embed-card-image" src="/uploads/0123456789abcdef0123456789abcdef.png" alt=""><span class="fr-embed-card-text"><span class="fr-embed-card-site">Example</span><strong class="fr-embed-card-title">Field notes</strong><span class="fr-embed-card-description">How a card is made.</span></span></a></div>',
    );
    expect(parse(html).toJSON()).toEqual(doc.toJSON());
    const hostile = parse(
      '<div class="fr-embed-card" data-url="https://example.com/x"><a href="javascript:alert(1)"><img class="fr-embed-card-image" src="https://evil.example/p.png" onerror="alert(1)"><strong class="fr-embed-card-title">T<script>alert(1)</script></strong></a></div>' +
        '<div class="fr-embed-card" data-url="javascript:alert(1)"><strong class="fr-embed-card-title">Gone</strong></div>',
    );
    const cards: unknown[] = [];
    hostile.descendants((node) => {
      if (node.type.name === 'embedCard') cards.push(node.attrs);
    });
    expect(cards).toEqual([
      { url: 'https://example.com/x', title: 'Talert(1)', description: '', image: null, siteName: '' },
    ]);
  });

  it('is readable in text, as a quote for PDF and Word, and round-trips through Markdown', () => {
    const doc = cardDoc(CARD);
    expect(doc.textBetween(0, doc.content.size, '\n', (leaf) => leaf.type.spec.leafText?.(leaf) ?? '')).toBe(
      'Field notes (https://example.com/notes)',
    );
    const quote = embedCardAsQuote(doc.child(0));
    expect(quote?.type.name).toBe('blockquote');
    expect(quote?.textContent).toBe('Field notesExample — How a card is made.https://example.com/notes');
    const markdown = documentMarkdown(model);
    const md = markdown.serialize(doc);
    expect(md).toContain('data-url="https://example.com/notes"');
    expect(markdown.parse(md).toJSON()).toEqual(doc.toJSON());
  });

  it('shows in the version comparison as a changed card with its text', () => {
    const diff = diffDocuments(cardDoc(CARD), cardDoc({ ...CARD, title: 'New notes' }));
    const changed = diff.blocks.filter((b) => b.kind !== 'same');
    expect(changed.length).toBeGreaterThan(0);
    expect(JSON.stringify(changed)).toContain('New notes');
  });
});
