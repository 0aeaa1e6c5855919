// Spell checker figures (issue 26 point 5): dictionary ready time in a worker thread per language,
// German compounds and umlauts, and a full check of a 200 KB document (words extracted as the editor does).
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const nspell = require('nspell');
const started = performance.now();
const dir = require('node:path').join(process.cwd(), 'node_modules', workerData.pkg);
const spell = nspell(fs.readFileSync(dir + '/index.aff', 'utf8'), fs.readFileSync(dir + '/index.dic', 'utf8'));
const readyMs = performance.now() - started;
const verdicts = Object.fromEntries(workerData.probe.map((w) => [w, spell.correct(w)]));
const sugg = Object.fromEntries(workerData.suggest.map((w) => { const t = performance.now(); const s = spell.suggest(w).slice(0, 5); return [w, { s, ms: Math.round(performance.now() - t) }]; }));
const WORD = /[\\p{L}\\p{M}]+(?:['’][\\p{L}\\p{M}]+)*/gu;
const text = workerData.doc;
let t = performance.now();
const words = [...text.matchAll(WORD)].map((m) => m[0]).filter((w) => w.length > 1 && w !== w.toUpperCase());
const extractMs = performance.now() - t;
t = performance.now();
const cache = new Map();
let wrong = 0;
for (const w of words) { let v = cache.get(w); if (v === undefined) { v = spell.correct(w); cache.set(w, v); } if (!v) wrong++; }
const checkMs = performance.now() - t;
parentPort.postMessage({ readyMs, verdicts, sugg, words: words.length, distinct: cache.size, wrong, extractMs, checkMs });
`;

function run(pkg, probe, suggest, doc) {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, { eval: true, workerData: { pkg, probe, suggest, doc } });
    w.once('message', (m) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

function documentOf(sentences, bytes) {
  let out = '';
  for (let i = 0; Buffer.byteLength(out) < bytes; i++) out += sentences[i % sentences.length] + ' ';
  return out;
}

const en = [
  'The quick brown fox jumps over the lazy dog while the editors collaborate on the document.',
  'Several authors write paragraphs, tables and lists, and a mispeled word appears now and then.',
  'Offline dictionaries keep every sentence on the server, so nothing leaves the building.',
];
const de = [
  'Die Donaudampfschifffahrt fährt über den Fluss, und der Haustürschlüssel liegt auf dem Tisch.',
  'Mehrere Autorinnen schreiben Absätze, Tabellen und Listen, und manchmal ein Fehlerr im Text.',
  'Die Größe der Übung hängt von der Anzahl der Wörter ab, die geprüft werden müssen.',
];
const KB200 = 200 * 1024;
const fmt = (n) => `${Math.round(n)} ms`;
for (const [lang, pkg, probe, suggest, sentences] of [
  ['en', 'dictionary-en', ['colour', 'color', 'mispeled', "don't", 'recieve'], ['mispeled', 'recieve'], en],
  [
    'de',
    'dictionary-de',
    ['Donaudampfschifffahrt', 'Haustürschlüssel', 'Größe', 'Übung', 'Grösse', 'Fehlerr', 'Haustür', 'Schlüssel'],
    ['Fehlerr', 'Grösse', 'Haustürschlüsel'],
    de,
  ],
]) {
  const doc = documentOf(sentences, KB200);
  const started = performance.now();
  const r = await run(pkg, probe, suggest, doc);
  console.log(
    `${lang}: dictionary ready in a worker ${fmt(r.readyMs)} (worker round trip ${fmt(performance.now() - started)})`,
  );
  console.log(
    `  correct(): ${Object.entries(r.verdicts)
      .map(([w, v]) => `${w}=${v}`)
      .join(', ')}`,
  );
  for (const [w, { s, ms }] of Object.entries(r.sugg))
    console.log(`  suggest(${w}) in ${ms} ms: ${s.join(', ') || '(none)'}`);
  console.log(
    `  200 KB document: ${r.words} words (${r.distinct} distinct), extract ${fmt(r.extractMs)}, check ${fmt(r.checkMs)}, ${r.wrong} flagged`,
  );
}
