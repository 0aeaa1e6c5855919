// Round trips of the exports over the seeded random documents: each document is written into a Y.Doc as the
// editor writes it (with the empty paragraph the editor keeps after a last block), exported by the server's
// own code, then read back as the editor's import reads the file. jsdom gives the reading a DOM, as the
// browser does.
import { DOMParser as PmDOMParser, Fragment, type Mark, type Node as PmNode } from '@tiptap/pm/model';
import { prosemirrorJSONToYXmlFragment } from '@tiptap/y-tiptap';
import { JSDOM } from 'jsdom';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { exportedDocument } from '@shared/document/html/html-export';
import { acceptedSuggestions } from '@shared/document/model/suggestion-outputs';
import { renderFragmentHtml } from '@shared/document/html/html-serializer';
import { documentMarkdown } from '@shared/document/markdown/markdown';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import {
  corpusDocument,
  htmlRoundTripOptions,
  markdownDocument,
  randomDocument,
  wordDocument,
} from '@shared/document/testing/test-corpus';
import { wordImportOptions } from '@shared/document/word/word-styles';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { defaultEditorOptions } from '@shared/editor-options';
import { proseMirrorDocOf } from '../../domain/ydoc/read-document';
import { absoluteHref } from './render/style';
import { renderExport } from './service';
import { renderJob } from './worker/render-job';

const model = createDocumentModel(defaultEditorOptions);
const { schema } = model;
const { document } = new JSDOM('').window;
const markdown = documentMarkdown(model, schema, { document });
const ORIGIN = 'https://tandem.example';

/** The Y.Doc state of a document as the editor leaves it: an empty paragraph after a last block that is none. */
function editorState(doc: PmNode): Uint8Array {
  const last = doc.lastChild;
  const content =
    last?.type.name === 'paragraph' ? doc.content : doc.content.addToEnd(schema.nodes.paragraph?.create() as PmNode);
  const ydoc = new Y.Doc();
  prosemirrorJSONToYXmlFragment(schema, doc.copy(content).toJSON(), ydoc.getXmlFragment(YDocKeys.content));
  return Y.encodeStateAsUpdate(ydoc);
}

/** HTML read by the model's parse rules, as the editor's import (a paste of it) reads it. */
function parseHtml(html: string): PmNode {
  const body = document.createElement('body');
  body.innerHTML = html;
  return PmDOMParser.fromSchema(schema).parse(body);
}

/**
 * The document a state holds, as the server reads it. The Y.Doc binding (y-tiptap) keeps no marks on inline
 * nodes (images, videos, files): that happens before any export, so each round trip starts from here.
 */
const stored = (state: Uint8Array): PmNode => proseMirrorDocOf(state, schema).doc;

const exported = (state: Uint8Array, format: 'html' | 'md'): string =>
  String(renderExport(state, format, model, defaultEditorOptions.entities).body);

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The body of the exported HTML document. */
const bodyOf = (html: string): string => html.slice(html.indexOf('<body>\n') + 7, html.lastIndexOf('\n</body>'));

/** Runs `check` on the documents of seeds 1…count; a failure names its seed and the document. */
async function forEverySeed(
  count: number,
  make: (seed: number) => PmNode,
  check: (doc: PmNode) => void | Promise<void>,
): Promise<void> {
  for (let seed = 1; seed <= count; seed++) {
    const doc = make(seed);
    try {
      await check(doc);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`seed ${String(seed)}: ${message}\ndocument: ${JSON.stringify(doc.toJSON())}`, { cause: error });
    }
  }
}

describe('export round trips over the random documents', { timeout: 60_000 }, () => {
  it('model → HTML export → import gives the document back, without the trailing empty paragraph only', async () => {
    // HTML carries everything the model holds (its own HTML), empty paragraphs between blocks included.
    await forEverySeed(
      60,
      (seed) => corpusDocument(schema, seed, defaultEditorOptions),
      (doc) => {
        const state = editorState(doc);
        const html = exported(state, 'html');
        expect(html).not.toMatch(/<p><\/p>\n<\/body>/);
        expect(parseHtml(bodyOf(html)).toJSON()).toEqual(exportedDocument(stored(state)).toJSON());
      },
    );
  });

  it('model → Markdown export → import gives the document back, without its empty paragraphs', async () => {
    // What Markdown has no syntax for (colours, fonts, sizes, classes, alignment, sub- and superscript, videos,
    // files, styled tables…) is the model's HTML in the Markdown, read back by the same rules: nothing of it is
    // lost. Lost by design: empty paragraphs (in Markdown a blank line only parts two blocks).
    await forEverySeed(
      60,
      (seed) => corpusDocument(schema, seed, defaultEditorOptions),
      (doc) => {
        const state = editorState(doc);
        const md = exported(state, 'md');
        // No run of blank lines between blocks (a code block's own lines aside), none at the ends.
        expect(md.replace(/^```.*\n[\s\S]*?\n```$/gm, '```')).not.toMatch(/\n\n\n|^\n|\n$/);
        expect(markdown.parse(md).toJSON()).toEqual(exportedDocument(stored(state), { blankLines: false }).toJSON());
      },
    );
    // The documents of what Markdown says in its own syntax (written without HTML: markdown.property.test.ts).
    await forEverySeed(
      60,
      (seed) => markdownDocument(schema, seed),
      (doc) => {
        const state = editorState(doc);
        const md = exported(state, 'md');
        expect(markdown.parse(md).toJSON()).toEqual(exportedDocument(stored(state), { blankLines: false }).toJSON());
      },
    );
  });

  /**
   * What a Word file carries back through the import (mammoth with the shared style map), as the model's HTML:
   * block types, heading levels, list nesting, quotes, code, tables with their header row, text, bold,
   * italic, underline, strike, inline code, sub- and superscript, line breaks, links (absolute addresses).
   *
   * Not carried, by design (not compared; `wordDocument` does not draw what would change the structure):
   * - every attribute but heading levels and link addresses: classes, alignment, line height, colours,
   *   backgrounds, fonts, sizes, inline styles, a list's start and counting or bullet style, a code block's
   *   language, table and cell widths, styles, backgrounds, alignment and merged cells, link titles and targets;
   * - a relative link comes back absolute (on the export's origin); a link to a fragment (`#top`) is text;
   * - empty paragraphs and rules (Word paragraphs without text, which mammoth drops);
   * - blocks of a list item after its text and its nested list (Word numbers paragraphs, not items: they end
   *   the list), and quotes, code and headings in a list, a quote or a cell (one level of Word's Quote style);
   * - two lists of a kind, two quotes or two code blocks in a row join into one;
   * - header cells outside a first row of them;
   * - images that are not this server's uploads (their alt text in brackets; uploads are embedded pictures),
   *   captions (text under the picture), videos and files (links).
   */
  it('model → .docx export → Word import keeps the structure, the text and the marks', async () => {
    const marks = new Set(['bold', 'italic', 'underline', 'strike', 'code', 'subscript', 'superscript']);
    const keptMarks = (node: PmNode): Mark[] =>
      node.marks.flatMap((mark) => {
        if (marks.has(mark.type.name)) return [mark.type.create()];
        if (mark.type.name !== 'link') return [];
        const href = absoluteHref(mark.attrs.href, ORIGIN);
        return href ? [mark.type.create({ href, target: null, rel: null })] : [];
      });
    /** The document with only what Word carries: node types, heading levels, text, the kept marks. */
    const carried = (node: PmNode): PmNode => {
      if (node.isText) return schema.text(node.text ?? '', keptMarks(node));
      const children: PmNode[] = [];
      node.forEach((child) => children.push(carried(child)));
      const attrs = node.type.name === 'heading' ? { level: node.attrs.level as number } : null;
      return node.type.create(attrs, Fragment.fromArray(children), keptMarks(node));
    };
    const html = (doc: PmNode): string => renderFragmentHtml(carried(doc).content, schema);

    const used = new Set<string>();
    await forEverySeed(
      40,
      (seed) => wordDocument(schema, seed),
      async (doc) => {
        doc.descendants((node) => {
          used.add(node.type.name);
          for (const mark of node.marks) used.add(mark.type.name);
        });
        const state = editorState(doc);
        const job = { format: 'docx' as const, state, page: 'a4' as const, images: {}, origin: ORIGIN };
        const { value } = await mammoth.convertToHtml({ buffer: await renderJob(job, schema) }, wordImportOptions());
        expect(html(parseHtml(value))).toBe(html(exportedDocument(stored(state))));
      },
    );
    for (const name of [
      ...['heading', 'bulletList', 'orderedList', 'blockquote', 'codeBlock', 'table', 'tableHeader', 'hardBreak'],
      ...['bold', 'italic', 'underline', 'strike', 'code', 'subscript', 'superscript', 'link'],
    ]) {
      expect(used).toContain(name);
    }
  });

  it('model → plain text export: every block’s text, list items one per line, never an empty line more', async () => {
    // Without hard breaks and code, where empty lines are the text's own.
    const options = htmlRoundTripOptions(defaultEditorOptions);
    const skipNodes = new Set([...(options.skipNodes ?? []), 'hardBreak', 'codeBlock']);
    await forEverySeed(
      60,
      (seed) => randomDocument(schema, seed, { ...options, skipNodes }),
      (doc) => {
        const state = editorState(doc);
        const text = String(renderExport(state, 'text', model, '').body);
        expect(text).not.toMatch(/\n[ \t]*\n[ \t]*\n|^\s*\n|\n\s*$/);
        // Each item of a list (outside tables, whose rows are lines) starts a line with its bullet or number.
        const items = (node: PmNode): void => {
          if (node.type.name === 'table') return;
          const first = node.type.name === 'listItem' ? node.firstChild?.firstChild : null;
          // An item whose own first paragraph has no text (only an image without alt) starts with its nested list's marker.
          if (first?.isText) expect(text).toMatch(new RegExp(`^ *(?:\\S+ )+${escapeRegExp(first.text ?? '')}`, 'm'));
          node.forEach(items);
        };
        // The export writes the suggestions accepted (deleted text gone).
        items(acceptedSuggestions(stored(state)));
      },
    );
  });
});
