// jsdom gives the HTML parts of Markdown (and the HTML round trip) a DOM to be parsed in, as the browser does.
import type { JSONContent } from '@tiptap/core';
import { DOMParser as PmDOMParser, type Node as PmNode } from '@tiptap/pm/model';
import { JSDOM } from 'jsdom';
import { Marked, type Token } from 'marked';
import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '../../editor-options';
import { withoutCommentMarks } from '../model/comment-model';
import { createDocumentModel } from '../model/create-document-model';
import { ModificationMarkName } from '../model/suggestion-model';
import { renderFragmentHtml } from '../html/html-serializer';
import { documentMarkdown } from './markdown';
import { corpusDocument, markdownDocument, seededRandom, SYNTAX_TEXT_PIECES } from '../testing/test-corpus';

const SEEDS = 150;
const model = createDocumentModel(defaultEditorOptions);
const { schema } = model;
const { document } = new JSDOM('').window;
const markdown = documentMarkdown(model, schema, { document });
const parser = PmDOMParser.fromSchema(schema);

const parseHtml = (html: string): PmNode => {
  const body = document.createElement('body');
  body.innerHTML = html;
  return parser.parse(body);
};
const renderHtml = (doc: PmNode): string => renderFragmentHtml(doc.content, schema);

/** Runs `check` on the documents of seeds 1…SEEDS; a failure names its seed and the document. */
function forEverySeed(make: (seed: number) => PmNode, check: (doc: PmNode) => void): void {
  for (let seed = 1; seed <= SEEDS; seed++) {
    const doc = make(seed);
    try {
      check(doc);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`seed ${String(seed)}: ${message}\ndocument: ${JSON.stringify(doc.toJSON())}`, { cause: error });
    }
  }
}

const corpus = (seed: number): PmNode => corpusDocument(schema, seed, defaultEditorOptions);
const markdownCorpus = (seed: number): PmNode => markdownDocument(schema, seed);

/** Node and mark names used in `doc`. */
function namesIn(doc: PmNode, into: Set<string>): void {
  doc.descendants((node) => {
    into.add(node.type.name);
    for (const mark of node.marks) into.add(mark.type.name);
  });
}

/** The raw HTML Marked (as CommonMark) finds in Markdown, in blocks and inline, code excluded. */
function htmlIn(md: string): string[] {
  const found: string[] = [];
  const walk = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'html') found.push(token.raw);
      const nested = token as {
        tokens?: Token[];
        items?: Token[];
        header?: { tokens: Token[] }[];
        rows?: { tokens: Token[] }[][];
      };
      walk(nested.tokens ?? []);
      walk(nested.items ?? []);
      for (const cell of [...(nested.header ?? []), ...(nested.rows ?? []).flat()]) walk(cell.tokens);
    }
  };
  // Read as our reader reads (no bare-URL autolinks: a `www.` address stays text and does not run into the code after it).
  walk(new Marked({ gfm: true, tokenizer: { url: () => undefined } }).lexer(md));
  return found;
}

describe(`the corpus (${String(SEEDS)} seeds)`, () => {
  it('uses every node and mark of the model, and the Markdown corpus every one Markdown has a syntax for', () => {
    const all = new Set<string>();
    const md = new Set<string>();
    for (let seed = 1; seed <= SEEDS; seed++) {
      corpus(seed).check();
      markdownCorpus(seed).check();
      namesIn(corpus(seed), all);
      namesIn(markdownCorpus(seed), md);
    }
    const everything = [...Object.keys(schema.nodes), ...Object.keys(schema.marks)].filter(
      // Upload placeholders are editing artefacts without HTML; the document node is the root; the library's
      // modification mark has no HTML form (Tandem never stores one).
      (name) => name !== 'doc' && name !== 'uploadPlaceholder' && name !== ModificationMarkName,
    );
    expect([...all].sort()).toEqual(everything.sort());
    expect([...md].sort()).toEqual(
      [
        'blockquote',
        'bold',
        'bulletList',
        'code',
        'codeBlock',
        'hardBreak',
        'heading',
        'horizontalRule',
        'image',
        'italic',
        'link',
        'listItem',
        'orderedList',
        'paragraph',
        'strike',
        'table',
        'tableCell',
        'tableHeader',
        'tableRow',
        'text',
        'underline',
      ].sort(),
    );
  }, 120_000);

  it('is the same for the same seed', () => {
    expect(corpus(7).toJSON()).toEqual(corpus(7).toJSON());
    expect(markdownCorpus(7).toJSON()).toEqual(markdownCorpus(7).toJSON());
  });
});

describe(`HTML round trip of the corpus (${String(SEEDS)} seeds, text with Markdown and HTML syntax)`, () => {
  it('model → HTML → model gives the same document, and HTML → model → HTML the same HTML', () => {
    forEverySeed(corpus, (doc) => {
      const html = renderHtml(doc);
      const back = parseHtml(html);
      expect(back.toJSON()).toEqual(doc.toJSON());
      expect(renderHtml(back)).toBe(html);
    });
  }, 120_000);
});

describe(`Markdown round trip (${String(SEEDS)} seeds)`, () => {
  it('model → Markdown → model gives the same document, and Markdown → model → Markdown the same Markdown', () => {
    forEverySeed(corpus, (seeded) => {
      // Markdown does not carry comment anchors (their text stays).
      const doc = withoutCommentMarks(seeded);
      const md = markdown.serialize(seeded);
      const back = markdown.parse(md);
      if (!back.eq(doc)) expect({ md, back: back.toJSON() }).toEqual({ md, back: doc.toJSON() });
      expect(markdown.serialize(back)).toBe(md);
    });
  }, 120_000);

  it('writes the Markdown subset (headings, marks, lists, quotes, code, rules, tables, images) without HTML, losslessly', () => {
    forEverySeed(markdownCorpus, (doc) => {
      const md = markdown.serialize(doc);
      expect(htmlIn(md)).toEqual([]);
      const back = markdown.parse(md);
      if (!back.eq(doc)) expect({ md, back: back.toJSON() }).toEqual({ md, back: doc.toJSON() });
      expect(markdown.serialize(back)).toBe(md);
    });
  }, 120_000);

  it('keeps every piece of syntax-like text as text next to every Markdown mark, in paragraphs and headings', () => {
    const marks: JSONContent[][] = [
      [{ type: 'bold' }],
      [{ type: 'italic' }],
      [{ type: 'strike' }],
      [{ type: 'underline' }],
      [{ type: 'code' }],
      [{ type: 'link', attrs: { href: 'https://example.com/' } }],
      [{ type: 'bold' }, { type: 'link', attrs: { href: '/path' } }],
    ];
    for (const piece of SYNTAX_TEXT_PIECES) {
      for (const mark of marks) {
        for (const block of [{ type: 'paragraph' }, { type: 'heading', attrs: { level: 2 } }]) {
          const content = [
            { type: 'text', text: piece },
            { type: 'text', text: 'w', marks: mark },
            { type: 'text', text: piece },
          ];
          const doc = schema.nodeFromJSON({ type: 'doc', content: [{ ...block, content }] });
          const md = markdown.serialize(doc);
          const back = markdown.parse(md);
          if (!back.eq(doc)) expect({ md, back: back.toJSON() }).toEqual({ md, back: doc.toJSON() });
        }
      }
    }
  }, 120_000);

  it('reaches a fixed point after one round from Markdown as people type it', () => {
    const random = seededRandom(12);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const starts = ['', '', '# ', '- ', '1. ', '3) ', '> ', '    ', '* ', '+ ', '| ', '```', '---', '- [ ] ', 'a. '];
    for (let round = 0; round < SEEDS; round++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 8) }, () => {
        const words = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(SYNTAX_TEXT_PIECES));
        return `${pick(starts)}${words.join(pick([' ', '', '  ']))}`;
      });
      const typed = lines.join(pick(['\n', '\n\n']));
      const once = markdown.serialize(markdown.parse(typed));
      const twice = markdown.serialize(markdown.parse(once));
      if (twice !== once) expect({ typed, twice }).toEqual({ typed, twice: once });
    }
  }, 120_000);
});
