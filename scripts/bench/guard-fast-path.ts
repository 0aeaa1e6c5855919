// `npx tsx scripts/bench/guard-fast-path.ts [--updates 10000] [--paragraphs 300]`: the update guard's fast path
// against its full decode (issue 29), printed as figures. A document of a few hundred paragraphs (headings, bold
// and italic runs) sits on a "server"; an author sends `--updates` updates of each shape the fast path reads:
//   keystroke       one character typed into a random paragraph
//   range format    bold, italic or a link over a random range of a paragraph (or their removal)
//   paste 3 paras   three new paragraphs (one with a bold run) between two blocks (removed again unmeasured,
//                   so the document keeps its size)
// Each update is checked against the server's state before it is applied: once by checkUpdate (fast path, the
// full decode when it declines) and once by checkDecodedUpdate (always the full decode). Printed per shape:
// the mean and median time per update of each, and the share of updates the fast path leaves to the full decode.
// The updates are what y-tiptap writes for these edits (the same items, origins and parents); they are made with
// the Yjs API here so that making 30,000 of them takes seconds.
import { performance } from 'node:perf_hooks';
import * as Y from 'yjs';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { readTypingUpdate } from '@shared/document/yjs/typing-update';
import { checkDecodedUpdate, checkUpdate } from '@shared/document/yjs/update-guard';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { defaultEditorOptions } from '@shared/editor-options';
import { seededRandom as random } from '@shared/document/testing/random-document';

const argValue = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const UPDATES = argValue('--updates', 10_000);
const PARAGRAPHS = argValue('--paragraphs', 300);

const { rules } = createDocumentModel(defaultEditorOptions);

const next = random(29);
const below = (n: number): number => Math.floor(next() * n);

const WORDS = 'the quick brown fox jumps over a lazy dog while editors write shared documents together'.split(' ');
const sentence = (words: number): string => Array.from({ length: words }, () => WORDS[below(WORDS.length)]).join(' ');

function paragraph(name = 'paragraph'): Y.XmlElement {
  const el = new Y.XmlElement(name);
  if (name === 'heading') el.setAttribute('level', 2 as unknown as string);
  const text = new Y.XmlText();
  // A text not in a document yet cannot tell its length: the runs are placed by counting.
  let at = 0;
  for (const [run, format] of [
    [`${sentence(6)} `, undefined],
    [sentence(2), { bold: {} }],
    [` ${sentence(5)} `, undefined],
    [sentence(2), { italic: {} }],
    ['.', undefined],
  ] as const) {
    text.insert(at, run, format);
    at += run.length;
  }
  el.insert(0, [text]);
  return el;
}

const server = new Y.Doc();
const author = new Y.Doc();
const content = author.getXmlFragment(YDocKeys.content);
author.transact(() => {
  content.insert(
    0,
    Array.from({ length: PARAGRAPHS }, (_, i) => paragraph(i % 20 === 0 ? 'heading' : 'paragraph')),
  );
});
Y.applyUpdate(server, Y.encodeStateAsUpdate(author));

/** The update of one change of the author's document (what its provider sends). */
function change(fn: () => void): Uint8Array | null {
  let update: Uint8Array | null = null;
  const listen = (u: Uint8Array): void => {
    update = u;
  };
  author.on('update', listen);
  author.transact(fn);
  author.off('update', listen);
  return update;
}

function written(update: Uint8Array | null): Uint8Array {
  if (!update) throw new Error('the change wrote nothing');
  return update;
}

function randomText(): Y.XmlText {
  const el = content.get(below(content.length)) as Y.XmlElement;
  return el.get(0) as Y.XmlText;
}

const MARKS: Array<Record<string, unknown>> = [
  { bold: {} },
  { italic: {} },
  { link: { href: 'https://example.com/docs', target: '_blank', rel: 'noopener noreferrer nofollow', title: null } },
  { bold: null },
  { italic: null },
];

const shapes: Record<string, { make: () => Uint8Array; after?: () => void }> = {
  keystroke: {
    make: () => {
      const text = randomText();
      return written(change(() => text.insert(below(text.length + 1), WORDS[below(WORDS.length)]?.[0] ?? 'x')));
    },
  },
  'range format': {
    make: () => {
      // Formatting what already has that format (or removing one it lacks) writes nothing: another range then.
      for (;;) {
        const text = randomText();
        const from = below(Math.max(1, text.length - 1));
        const length = 1 + below(Math.min(30, text.length - from));
        const update = change(() => text.format(from, length, MARKS[below(MARKS.length)] ?? {}));
        if (update) return update;
      }
    },
  },
  'paste 3 paras': {
    make: () => {
      const at = below(content.length + 1);
      return written(change(() => content.insert(at, [paragraph(), paragraph(), paragraph()])));
    },
    after: () => {
      // Removed again (unmeasured), so that the document keeps its size over 10,000 pastes.
      const removal = change(() => {
        for (let i = 0; i < content.length; i++) {
          const el = content.get(i);
          if (el instanceof Y.XmlElement && el._item?.id.client === author.clientID && el._item.id.clock >= pasteMark) {
            content.delete(i, 3);
            return;
          }
        }
      });
      Y.applyUpdate(server, written(removal));
    },
  },
};
/** The author's first clock of the current paste (its elements start at or after it). */
let pasteMark = 0;

interface Figures {
  fast: number[];
  full: number[];
  declined: number;
  bytes: number;
}

function measure(shape: { make: () => Uint8Array; after?: () => void }, count: number): Figures {
  const figures: Figures = { fast: [], full: [], declined: 0, bytes: 0 };
  for (let i = 0; i < count; i++) {
    pasteMark = Y.getState(author.store, author.clientID);
    const update = shape.make();
    figures.bytes += update.byteLength;
    // Alternate the order so that neither path profits from the other's warm caches.
    let fast: number;
    let full: number;
    let ok: boolean;
    if (i % 2 === 0) {
      const t0 = performance.now();
      ok = checkUpdate(server, update, rules).ok;
      const t1 = performance.now();
      checkDecodedUpdate(server, update, rules);
      full = performance.now() - t1;
      fast = t1 - t0;
    } else {
      const t0 = performance.now();
      checkDecodedUpdate(server, update, rules);
      const t1 = performance.now();
      ok = checkUpdate(server, update, rules).ok;
      fast = performance.now() - t1;
      full = t1 - t0;
    }
    if (!ok) throw new Error('the guard refused an update the benchmark made');
    figures.fast.push(fast);
    figures.full.push(full);
    if (readTypingUpdate(server, update) === null) figures.declined++;
    Y.applyUpdate(server, update);
    shape.after?.();
  }
  return figures;
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
const us = (ms: number): string => `${(ms * 1000).toFixed(1).padStart(7)} µs`;

// Warm-up: the JIT settles on both paths before anything is counted.
for (const shape of Object.values(shapes)) measure(shape, 300);

console.log(
  `update guard, ${UPDATES} updates per shape, document of ${content.length} blocks (${server.getXmlFragment(YDocKeys.content).length} on the server)`,
);
console.log(
  'shape            bytes/upd  checkUpdate mean / median    full decode mean / median   speed-up  to full decode',
);
for (const [name, shape] of Object.entries(shapes)) {
  const f = measure(shape, UPDATES);
  console.log(
    [
      name.padEnd(15),
      String(Math.round(f.bytes / UPDATES)).padStart(9),
      `${us(mean(f.fast))} / ${us(median(f.fast))}`,
      `  ${us(mean(f.full))} / ${us(median(f.full))}`,
      `${(mean(f.full) / mean(f.fast)).toFixed(1).padStart(7)}×`,
      `${((100 * f.declined) / UPDATES).toFixed(1).padStart(8)} %`,
    ].join('  '),
  );
}
