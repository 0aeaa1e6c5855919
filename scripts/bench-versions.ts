// `npm run bench:versions`: the two scale targets of the version history (issue 13 §5), printed as figures.
//   1. A document with 10,000 versions: the first page of its version list (GET …/versions), over HTTP
//      from the real server and its SQLite file; median and p95 of `--reps` requests.
//   2. A comparison of two versions of the 200 KB benchmark document (the shared editor harness's
//      large.html, read through our document model): the shared `diffDocuments`, alone, with reading both
//      versions from their JSON, and as the panel does it (both fetched from the server's version route,
//      which reads them from their Yjs states); median of `--reps` runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { DOMParser as PmDOMParser, Node as PmNode, type Schema } from '@tiptap/pm/model';
import { Transform } from '@tiptap/pm/transform';
import * as Y from 'yjs';
import { prosemirrorToYDoc } from '@tiptap/y-tiptap';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { diffDocuments } from '@shared/document/model/version-diff';
import { defaultEditorOptions } from '@shared/editor-option-defaults';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import type { VersionRow } from '../server/src/infra/storage/store';
import { createDoc } from '../tests/helpers/api';
import { startServer } from '../tests/helpers/start-server';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (msg: string): void => void process.stderr.write(`[bench:versions] ${msg}\n`);
const argValue = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const reps = argValue('--reps', 15);
const versionCount = argValue('--versions', 10_000);

const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b);
const median = (values: number[]): number => {
  const a = sorted(values);
  const mid = Math.floor(a.length / 2);
  return a.length % 2 ? (a[mid] as number) : ((a[mid - 1] as number) + (a[mid] as number)) / 2;
};
const p95 = (values: number[]): number =>
  sorted(values)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)] as number;
const ms = (value: number): string => `${value.toFixed(1)} ms`;

/** The harness's deterministic 200 KB document, generated as the editor benchmark does. */
async function benchmarkHtml(): Promise<string> {
  const gen = path.resolve(repo, '../shared/bench/editor/scripts/gen-docs.mjs');
  const { writeDocs } = (await import(pathToFileURL(gen).href)) as { writeDocs: (dir: string) => unknown };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-bench-versions-'));
  writeDocs(dir);
  const html = fs.readFileSync(path.join(dir, 'large.html'), 'utf8');
  fs.rmSync(dir, { recursive: true, force: true });
  return html;
}

function parse(html: string, schema: Schema): PmNode {
  const { window } = new JSDOM(html);
  return PmDOMParser.fromSchema(schema).parse(window.document.body);
}

/**
 * Version B of the document: what an afternoon of editing does: words typed into and deleted from 40
 * paragraphs spread over the document, bold on 20 runs, 5 blocks removed and 5 new ones written.
 */
function edited(doc: PmNode, schema: Schema): PmNode {
  const textblocks: number[] = [];
  doc.descendants((node, pos) => {
    if (node.isTextblock && node.textContent.length > 20) textblocks.push(pos);
    return !node.isTextblock;
  });
  const tr = new Transform(doc);
  const step = Math.max(1, Math.floor(textblocks.length / 40));
  const chosen = textblocks.filter((_, i) => i % step === 0).slice(0, 40);
  const bold = schema.marks.bold;
  // From the end, so that earlier positions stay valid.
  for (const [i, pos] of [...chosen.entries()].reverse()) {
    const start = pos + 1;
    tr.delete(start + 3, start + 8);
    tr.insert(start + 10, schema.text(' revised wording '));
    if (bold && i % 2 === 0) tr.addMark(start, start + 6, bold.create());
  }
  const top: number[] = [];
  tr.doc.forEach((_, offset) => top.push(offset));
  const gap = Math.floor(top.length / 6);
  for (let k = 5; k >= 1; k--) {
    const at = top[k * gap] as number;
    const node = tr.doc.nodeAt(at);
    if (node) tr.delete(at, at + node.nodeSize);
    tr.insert(at, schema.nodes.paragraph?.create(null, schema.text(`A new paragraph number ${k}.`)) ?? []);
  }
  return tr.doc;
}

/**
 * The comparison as the panel runs it: both versions of the 200 KB document fetched from the server
 * (which reads them from their Yjs states through the model) and compared.
 */
async function benchServedCompare(
  a: PmNode,
  b: PmNode,
  schema: Schema,
): Promise<{ fetchBoth: number[]; total: number[]; record: number[] }> {
  const server = await startServer({ LOG_LEVEL: 'warn', TANDEM_RATE_EXPORT_PER_TOKEN: '1000000' });
  try {
    const doc = await createDoc(server.url);
    const now = Date.now();
    for (const [i, node] of [a, b].entries()) {
      const state = Y.encodeStateAsUpdate(prosemirrorToYDoc(node, YDocKeys.content));
      await server.app.store.versions.insert({
        id: `big${i}`,
        docId: doc.id,
        createdAt: now + i,
        reason: 'save',
        authors: ['Ada'],
        state,
        bytes: state.byteLength,
        chars: node.textContent.length,
        inserted: 0,
        deleted: 0,
        name: null,
      });
    }
    const headers = { authorization: `Bearer ${doc.viewerToken}` };
    const read = async (id: string): Promise<PmNode> => {
      const res = await fetch(`${server.url}/api/documents/${doc.id}/versions/${id}`, { headers });
      if (res.status !== 200) throw new Error(`version ${id} answered ${res.status}`);
      const detail = (await res.json()) as { doc: unknown };
      return PmNode.fromJSON(schema, detail.doc);
    };
    const fetchBoth: number[] = [];
    const total: number[] = [];
    for (let r = 0; r < reps; r++) {
      const t0 = performance.now();
      const [from, to] = await Promise.all([read('big0'), read('big1')]);
      const t1 = performance.now();
      diffDocuments(from, to);
      fetchBoth.push(t1 - t0);
      total.push(performance.now() - t0);
    }
    // Recording a version of the open 200 KB document (state, text, counts, store, retention): the server's
    // event loop does this work at each idle burst, explicit save and last leave.
    const live = await createDoc(server.url);
    const stateA = Y.encodeStateAsUpdate(prosemirrorToYDoc(a, YDocKeys.content));
    await server.app.collab.withDocument(live.id, (doc) => Y.applyUpdate(doc, stateA));
    const record: number[] = [];
    for (let r = 0; r < reps; r++) {
      const t0 = performance.now();
      // Named, so that an unchanged document is recorded each time.
      await server.app.versions.record(live.id, { reason: 'save', name: `bench ${r}` });
      record.push(performance.now() - t0);
    }
    return { fetchBoth, total, record };
  } finally {
    await server.close();
  }
}

async function benchList(): Promise<{ firstPage: number[] }> {
  const server = await startServer({ LOG_LEVEL: 'warn', TANDEM_RATE_SNAPSHOT_PER_IP: '1000000' });
  try {
    const doc = await createDoc(server.url);
    const ydoc = new Y.Doc();
    ydoc.getXmlFragment(YDocKeys.content);
    const state = Y.encodeStateAsUpdate(ydoc);
    log(`inserting ${versionCount} versions of one document`);
    const start = Date.now() - versionCount * 60_000;
    for (let i = 0; i < versionCount; i++) {
      const row: VersionRow = {
        id: `v${String(i).padStart(6, '0')}`,
        docId: doc.id,
        createdAt: start + i * 60_000,
        reason: 'idle',
        authors: ['Ada', 'Grace'],
        state,
        bytes: state.byteLength,
        chars: 1000 + i,
        inserted: i % 50,
        deleted: i % 7,
        name: i % 100 === 0 ? `Named ${i}` : null,
      };
      await server.app.store.versions.insert(row);
    }
    const url = `${server.url}/api/documents/${doc.id}/versions`;
    const headers = { authorization: `Bearer ${doc.viewerToken}` };
    // Warm the route and the statement cache once.
    await (await fetch(url, { headers })).arrayBuffer();
    const firstPage: number[] = [];
    for (let r = 0; r < Math.max(reps, 30); r++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      const items = (await res.json()) as unknown[];
      firstPage.push(performance.now() - t0);
      if (res.status !== 200 || items.length === 0) throw new Error(`list answered ${res.status}`);
      if (res.headers.get('x-total-count') !== String(versionCount)) {
        throw new Error(`total ${res.headers.get('x-total-count')}, expected ${versionCount}`);
      }
    }
    return { firstPage };
  } finally {
    await server.close();
  }
}

interface CompareResult {
  diff: number[];
  withRead: number[];
  changed: number;
  inserted: number;
  deleted: number;
  coarse: boolean;
}

function benchCompare(a: PmNode, b: PmNode, schema: Schema): CompareResult {
  // The versions as the server hands them out: ProseMirror JSON read from their Yjs states.
  const jsonA = JSON.stringify(a.toJSON());
  const jsonB = JSON.stringify(b.toJSON());
  const ystate = Y.encodeStateAsUpdate(prosemirrorToYDoc(a, YDocKeys.content));
  log(
    `version A: ${(jsonA.length / 1024).toFixed(0)} KiB JSON, ${(ystate.byteLength / 1024).toFixed(0)} KiB Yjs state`,
  );
  const diff: number[] = [];
  const withRead: number[] = [];
  let result = diffDocuments(a, b);
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    result = diffDocuments(a, b);
    diff.push(performance.now() - t0);
    const t1 = performance.now();
    diffDocuments(PmNode.fromJSON(schema, JSON.parse(jsonA)), PmNode.fromJSON(schema, JSON.parse(jsonB)));
    withRead.push(performance.now() - t1);
  }
  const changed = result.blocks.filter((block) => block.kind !== 'same').length;
  return { diff, withRead, changed, inserted: result.inserted, deleted: result.deleted, coarse: result.coarse };
}

const html = await benchmarkHtml();
log(`200 KB document: ${(html.length / 1024).toFixed(0)} KiB of HTML`);
const { schema } = createDocumentModel(defaultEditorOptions);
const versionA = parse(html, schema);
const versionB = edited(versionA, schema);
const compare = benchCompare(versionA, versionB, schema);
const served = await benchServedCompare(versionA, versionB, schema);
const list = await benchList();

const lines = [
  `## bench:versions (${new Date().toISOString()}, ${reps} reps)`,
  '',
  '| measure | median | p95 | target |',
  '|---|---|---|---|',
  `| version list, first page of ${versionCount} versions (HTTP) | ${ms(median(list.firstPage))} | ${ms(p95(list.firstPage))} | < 100 ms |`,
  `| compare two versions of the 200 KB document (diff) | ${ms(median(compare.diff))} | ${ms(p95(compare.diff))} | < 500 ms |`,
  `| compare, reading both versions from JSON first | ${ms(median(compare.withRead))} | ${ms(p95(compare.withRead))} | < 500 ms |`,
  `| both versions fetched from the server (GET …/versions/:id, Yjs state → JSON) | ${ms(median(served.fetchBoth))} | ${ms(p95(served.fetchBoth))} | — |`,
  `| compare as the panel does it: fetch both, read, diff | ${ms(median(served.total))} | ${ms(p95(served.total))} | < 500 ms |`,
  `| recording one version of the open 200 KB document (server) | ${ms(median(served.record))} | ${ms(p95(served.record))} | — |`,
  '',
  `The comparison shows ${compare.changed} changed, added or removed blocks, +${compare.inserted} / −${compare.deleted} characters${compare.coarse ? ' (coarse: a limit cut it short)' : ''}.`,
];
process.stdout.write(`${lines.join('\n')}\n`);
