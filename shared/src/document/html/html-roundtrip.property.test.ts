import { DOMParser as PmDOMParser, type Node as PmNode } from '@tiptap/pm/model';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '../../editor-options';
import { createDocumentModel } from '../model/create-document-model';
import { renderFragmentHtml } from './html-serializer';
import { candidatesOf, htmlRoundTripOptions, randomDocument } from '../testing/random-document';

const SEEDS = 300;
const { schema } = createDocumentModel(defaultEditorOptions);
const options = htmlRoundTripOptions(defaultEditorOptions);
const { window } = new JSDOM('');
const parser = PmDOMParser.fromSchema(schema);

/** HTML → model, as the editor parses pasted or imported HTML (ProseMirror's DOMParser of the model schema). */
function parse(html: string): PmNode {
  const body = window.document.createElement('body');
  body.innerHTML = html;
  return parser.parse(body);
}

const render = (doc: PmNode): string => renderFragmentHtml(doc.content, schema);

/** Runs `check` for every seed; a failure names its seed and the document, so it can be replayed. */
function forEverySeed(check: (doc: PmNode) => void): void {
  for (let seed = 1; seed <= SEEDS; seed++) {
    const doc = randomDocument(schema, seed, options);
    try {
      check(doc);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`seed ${seed}: ${message}\ndocument: ${JSON.stringify(doc.toJSON())}`, { cause: error });
    }
  }
}

describe(`random valid documents (${SEEDS} seeds) and the model's HTML`, () => {
  it('generates valid documents that use every node, mark and attribute of the model', () => {
    const nodes = new Set<string>();
    const marks = new Set<string>();
    const attrs = new Set<string>();
    forEverySeed((doc) => {
      doc.check();
      doc.descendants((node) => {
        nodes.add(node.type.name);
        for (const [name, value] of Object.entries(node.attrs)) {
          if (value !== node.type.spec.attrs?.[name]?.default) attrs.add(`${node.type.name}.${name}`);
        }
        for (const mark of node.marks) {
          marks.add(mark.type.name);
          for (const [name, value] of Object.entries(mark.attrs)) {
            if (value !== mark.type.spec.attrs?.[name]?.default) attrs.add(`${mark.type.name}.${name}`);
          }
        }
      });
    });
    const skipped = options.skipNodes ?? new Set<string>();
    const skippedMarks = options.skipMarks ?? new Set<string>();
    expect([...nodes].sort()).toEqual(
      Object.keys(schema.nodes)
        .filter((n) => n !== 'doc' && !skipped.has(n))
        .sort(),
    );
    expect([...marks].sort()).toEqual(
      Object.keys(schema.marks)
        .filter((m) => !skippedMarks.has(m))
        .sort(),
    );
    // Every attribute the corpus has values for is drawn (the image's link mirror is kept null on purpose, and
    // the comment anchors of objects have no HTML form).
    const drawable = [...Object.values(schema.nodes), ...Object.values(schema.marks)].flatMap((type) =>
      Object.keys(type.spec.attrs ?? {})
        .filter((a) => candidatesOf(type, a).length > 0 && !skipped.has(type.name) && !skippedMarks.has(type.name))
        .map((a) => `${type.name}.${a}`),
    );
    expect(drawable.filter((a) => !attrs.has(a) && !a.endsWith('.commentThreads'))).toEqual([
      'image.linkHref',
      'image.linkTarget',
    ]);
  }, 60_000);

  it('round-trip model → HTML → model to the same JSON', () => {
    forEverySeed((doc) => {
      expect(parse(render(doc)).toJSON()).toEqual(doc.toJSON());
    });
  }, 60_000);

  it('keep HTML → model → HTML stable', () => {
    forEverySeed((doc) => {
      const html = render(doc);
      expect(render(parse(html))).toBe(html);
    });
  }, 60_000);
});
