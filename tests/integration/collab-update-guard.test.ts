import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CloseCode } from '@shared/collab/close-codes';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { defaultEditorOptions } from '@shared/editor-options';
import { GuardLimits } from '@shared/limits';
import { createDoc } from '../helpers/api';
import {
  connectClient,
  contentOf,
  paragraph,
  rawSocket,
  waitSynced,
  type Client,
  changeOf,
  updateMessage,
} from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { openDocument, startServer, type TestServer } from '../helpers/start-server';

/**
 * Hostile peers holding a valid editor link, talking raw y-websocket: every class of content the model
 * refuses is refused at the server (typed close code), the document stays loadable and unchanged, and the
 * other authors keep editing and stay connected.
 */

const rules = createDocumentModel(defaultEditorOptions).rules;

const fragment = contentOf;

/** A table cell holding `child`, with attributes (raw values: a hostile client sends anything). */
function cell(child: Y.XmlElement | Y.XmlText, attrs: Record<string, unknown> = {}, name = 'tableCell'): Y.XmlElement {
  const el = new Y.XmlElement(name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value as string);
  el.insert(0, [child]);
  return el;
}

/** A table of rows of children; `flat` puts the children straight into the table (no rows). */
function table(rows: Array<Array<Y.XmlElement | Y.XmlText>>, flat = false, className?: string): Y.XmlElement {
  const el = new Y.XmlElement('table');
  if (className) el.setAttribute('class', className);
  for (const children of rows) {
    if (flat) {
      el.insert(el.length, children);
      continue;
    }
    const row = new Y.XmlElement('tableRow');
    row.insert(0, children);
    el.insert(el.length, [row]);
  }
  return el;
}

/** An element of this node type with one attribute set, inside the container the model wants for it. */
function elementWith(doc: Y.Doc, name: string, attr: string, value: unknown): void {
  const el = new Y.XmlElement(name);
  el.setAttribute(attr, value as string);
  if (rules.topLevel.has(name)) {
    fragment(doc).insert(fragment(doc).length, [el]);
    return;
  }
  if (name === 'tableRow' || name === 'tableCell' || name === 'tableHeader') {
    const table = new Y.XmlElement('table');
    const row = name === 'tableRow' ? el : new Y.XmlElement('tableRow');
    if (row !== el) row.insert(0, [el]);
    table.insert(0, [row]);
    fragment(doc).insert(fragment(doc).length, [table]);
    return;
  }
  if (name === 'listItem') {
    const list = new Y.XmlElement('bulletList');
    list.insert(0, [el]);
    fragment(doc).insert(fragment(doc).length, [list]);
    return;
  }
  const p = new Y.XmlElement('paragraph');
  p.insert(0, [el]);
  fragment(doc).insert(fragment(doc).length, [p]);
}

/** Values that must never reach a stored attribute that feeds CSS, a URL, a class list or a number. */
const INJECTIONS = [
  'javascript:alert(1)',
  'url(https://evil.example/x.png)',
  '1px; position: fixed; inset: 0; z-index: 99999',
  'x" onmouseover="alert(1)',
  'x'.repeat(GuardLimits.maxAttributeChars + 1),
  { toString: 'x' },
];
/** Attributes that hold text shown as text (escaped when rendered), so markup-looking text is content. */
const FREE_TEXT = new Set([
  'alt',
  'caption',
  'title',
  'name',
  'key',
  'label',
  'placeholder',
  'value',
  'description',
  'siteName',
  // a suggestion's author (a display name, rendered as text)
  'author',
  // the library's modification mark records another attribute's values (never rendered, never applied by Tandem)
  'previousValue',
  'newValue',
]);

describe('collaboration update guard', () => {
  let server: TestServer;
  let docId: string;
  let token: string;
  let authors: Client[];
  let baseline: string;

  beforeAll(async () => {
    server = await startServer();
    const created = await createDoc(server.url);
    docId = created.id;
    token = created.editorToken;
    authors = [connectClient(server.collabUrl, docId, token), connectClient(server.collabUrl, docId, token)];
    await Promise.all(authors.map((a) => waitSynced(a)));
    const first = authors[0] as Client;
    await retryUntil(() => expect(fragment(first.doc).length).toBe(1));
    // Replace the empty paragraph a new document starts with.
    first.doc.transact(() => {
      fragment(first.doc).delete(0, fragment(first.doc).length);
      fragment(first.doc).insert(0, [paragraph('shared text')]);
    });
    await retryUntil(() => expect(fragment((authors[1] as Client).doc).toString()).toContain('shared text'));
    baseline = fragment(first.doc).toString();
  });
  afterAll(async () => {
    for (const a of authors) a.destroy();
    await server.close();
  });

  /** Sends one update from a raw socket with a valid editor token; resolves the close code. */
  async function sendUpdate(update: Uint8Array): Promise<number> {
    const { ws, closed } = await rawSocket(`${server.collabUrl}/${docId}?token=${token}`);
    ws.send(updateMessage(update));
    return (await closed).code;
  }

  /** The document is unchanged for a fresh client, and the authors still edit each other's text live. */
  async function documentIntact(): Promise<void> {
    const fresh = connectClient(server.collabUrl, docId, token);
    await waitSynced(fresh);
    await retryUntil(() => expect(fragment(fresh.doc).toString()).toBe(baseline));
    expect(fresh.doc.share.size).toBeLessThanOrEqual(2);
    fresh.destroy();
    const [a, b] = authors as [Client, Client];
    const p = fragment(a.doc).get(0) as Y.XmlElement;
    (p.get(0) as Y.XmlText).insert(0, 'x');
    await retryUntil(() => expect(fragment(b.doc).toString()).toBe(fragment(a.doc).toString()));
    (p.get(0) as Y.XmlText).delete(0, 1);
    await retryUntil(() => expect(fragment(b.doc).toString()).toBe(baseline));
    for (const author of authors) expect(author.provider.wsconnected).toBe(true);
  }

  const authorDoc = (): Y.Doc => (authors[0] as Client).doc;

  it.each<[string, (doc: Y.Doc) => void]>([
    ['an unknown element at the root', (d) => fragment(d).insert(0, [new Y.XmlElement('script')])],
    [
      'an unknown element in a paragraph',
      (d) => (fragment(d).get(0) as Y.XmlElement).insert(0, [new Y.XmlElement('iframe')]),
    ],
    ['a list item at the root', (d) => fragment(d).insert(0, [new Y.XmlElement('listItem')])],
    ['a paragraph inside a paragraph', (d) => (fragment(d).get(0) as Y.XmlElement).insert(0, [paragraph('in')])],
    ['text directly in the root fragment', (d) => fragment(d).insert(0, [new Y.XmlText('loose')])],
    ['a string directly in the root fragment', (d) => d.getText(YDocKeys.content).insert(0, 'loose string')],
    ['JSON directly in the root fragment', (d) => d.getArray(YDocKeys.content).insert(0, [{ type: 'script' }])],
    [
      'binary directly in the root fragment',
      (d) => d.getArray(YDocKeys.content).insert(0, [new Uint8Array([1, 2, 3])]),
    ],
    ['an embed in text', (d) => ((fragment(d).get(0) as Y.XmlElement).get(0) as Y.XmlText).insertEmbed(0, { img: 1 })],
    ['an unknown root type', (d) => d.getMap('evil').set('x', 1)],
    ['another key in the metadata map', (d) => d.getMap(YDocKeys.meta).set('owner', 'me')],
    ['an unknown mark', (d) => ((fragment(d).get(0) as Y.XmlElement).get(0) as Y.XmlText).format(0, 3, { blink: {} })],
    ['an unknown attribute', (d) => (fragment(d).get(0) as Y.XmlElement).setAttribute('onclick', 'alert(1)')],
    ['a string over the limit', (d) => fragment(d).insert(0, [paragraph('x'.repeat(GuardLimits.maxStringChars + 1))])],
    ['a table row at the root', (d) => fragment(d).insert(0, [new Y.XmlElement('tableRow')])],
    ['a table cell at the root', (d) => fragment(d).insert(0, [new Y.XmlElement('tableCell')])],
    ['a cell directly in a table', (d) => fragment(d).insert(0, [table([[new Y.XmlElement('tableCell')]], true)])],
    ['a paragraph directly in a table', (d) => fragment(d).insert(0, [table([[paragraph('in table')]], true)])],
    ['a paragraph directly in a table row', (d) => fragment(d).insert(0, [table([[paragraph('in row')]])])],
    ['text directly in a table cell', (d) => fragment(d).insert(0, [table([[cell(new Y.XmlText('loose'))]])])],
    ['a table row in a cell', (d) => fragment(d).insert(0, [table([[cell(new Y.XmlElement('tableRow'))]])])],
    ['a table cell in a paragraph', (d) => (fragment(d).get(0) as Y.XmlElement).insert(0, [cell(paragraph('x'))])],
    ['a colspan of zero', (d) => fragment(d).insert(0, [table([[cell(paragraph('x'), { colspan: 0 })]])])],
    [
      'column widths that are not a list of pixel widths',
      (d) => fragment(d).insert(0, [table([[cell(paragraph('x'), { colwidth: ['100px; position: fixed'] })]])]),
    ],
    [
      'a cell background with a URL',
      (d) => fragment(d).insert(0, [table([[cell(paragraph('x'), { background: 'url(https://evil.example/a)' })]])]),
    ],
    [
      'a table class outside the configured styles',
      (d) => fragment(d).insert(0, [table([[cell(paragraph('x'))]], false, 'evil')]),
    ],
  ])('refuses %s', async (_name, fn) => {
    expect(await sendUpdate(changeOf(authorDoc(), fn))).toBe(CloseCode.INVALID_UPDATE.code);
    await documentIntact();
  });

  it('refuses every node attribute with an injection value its validator refuses', async () => {
    let refused = 0;
    for (const rule of rules.nodes.values()) {
      for (const [attr, validate] of rule.attrs) {
        for (const value of INJECTIONS) {
          if (validate(value)) {
            // Only text shown as text may hold markup-looking strings, and never an oversize one.
            expect(FREE_TEXT.has(attr), `${rule.name}.${attr} accepts ${String(value).slice(0, 40)}`).toBe(true);
            expect(String(value).length).toBeLessThanOrEqual(GuardLimits.maxAttributeChars);
            continue;
          }
          const code = await sendUpdate(changeOf(authorDoc(), (d) => elementWith(d, rule.name, attr, value)));
          expect(code, `${rule.name}.${attr}`).toBe(CloseCode.INVALID_UPDATE.code);
          refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(100);
    await documentIntact();
  }, 120_000);

  it('refuses every mark attribute with an injection value its validator refuses', async () => {
    let refused = 0;
    for (const mark of rules.marks.values()) {
      for (const [attr, validate] of mark.attrs) {
        for (const value of INJECTIONS) {
          if (validate(value)) {
            expect(FREE_TEXT.has(attr), `${mark.name}.${attr}`).toBe(true);
            continue;
          }
          const update = changeOf(authorDoc(), (d) =>
            ((fragment(d).get(0) as Y.XmlElement).get(0) as Y.XmlText).format(0, 3, { [mark.name]: { [attr]: value } }),
          );
          expect(await sendUpdate(update), `${mark.name}.${attr}`).toBe(CloseCode.INVALID_UPDATE.code);
          refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(20);
    await documentIntact();
  }, 60_000);

  it('holds updates with missing dependencies, never relays or stores them, and closes a flood', async () => {
    const attacker = new Y.Doc();
    Y.applyUpdate(attacker, Y.encodeStateAsUpdate(authorDoc()));
    const text = (fragment(attacker).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    // The first change never reaches the server; every later one depends on it.
    attacker.transact(() => text.insert(0, 'never sent '));
    const { ws, closed } = await rawSocket(`${server.collabUrl}/${docId}?token=${token}`);
    for (let i = 0; i <= GuardLimits.maxHeldUpdates; i++) {
      const before = Y.encodeStateVector(attacker);
      text.insert(0, `dependent ${i} `);
      ws.send(updateMessage(Y.encodeStateAsUpdate(attacker, before)));
    }
    expect((await closed).code).toBe(CloseCode.MISSING_DEPENDENCIES.code);
    const room = await openDocument(server, docId);
    expect(room?.doc.store.pendingStructs).toBeNull();
    await documentIntact();
  });

  it('applies held updates once the update they depend on arrives', async () => {
    const writer = new Y.Doc();
    Y.applyUpdate(writer, Y.encodeStateAsUpdate(authorDoc()));
    const text = (fragment(writer).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    const step = (fn: () => void): Uint8Array => {
      const before = Y.encodeStateVector(writer);
      fn();
      return Y.encodeStateAsUpdate(writer, before);
    };
    const first = step(() => text.insert(text.length, ' late'));
    const second = step(() => text.insert(text.length, ' arrival'));
    const { ws } = await rawSocket(`${server.collabUrl}/${docId}?token=${token}`);
    ws.send(updateMessage(second));
    ws.send(updateMessage(first));
    const b = authors[1] as Client;
    await retryUntil(() => expect(fragment(b.doc).toString()).toContain('shared text late arrival'));
    ws.close();
    // Undo it for the other tests' baseline.
    const a = authors[0] as Client;
    await retryUntil(() => expect(fragment(a.doc).toString()).toContain('late arrival'));
    const t = (fragment(a.doc).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    t.delete(t.length - ' late arrival'.length, ' late arrival'.length);
    await retryUntil(() => expect(fragment(b.doc).toString()).toBe(baseline));
  });

  it('accepts every table the editor makes: header cells, merged cells, widths, background, alignments, styles', async () => {
    const update = changeOf(authorDoc(), (d) => {
      const header = (text: string): Y.XmlElement => cell(paragraph(text), {}, 'tableHeader');
      const made = table([
        [header('H1'), header('H2')],
        [
          cell(paragraph('merged'), {
            colspan: 2,
            rowspan: 1,
            colwidth: [120, 0],
            background: '#61BD6D',
            textAlign: 'right',
            verticalAlign: 'middle',
            class: 'fr-highlighted fr-thick',
          }),
        ],
      ]);
      made.setAttribute('class', 'fr-dashed-borders fr-alternate-rows');
      fragment(d).insert(fragment(d).length, [made]);
    });
    const { ws } = await rawSocket(`${server.collabUrl}/${docId}?token=${token}`);
    ws.send(updateMessage(update));
    const b = authors[1] as Client;
    await retryUntil(() =>
      expect(fragment(b.doc).toString()).toContain('<table class="fr-dashed-borders fr-alternate-rows">'),
    );
    expect(fragment(b.doc).toString()).toContain('colspan="2"');
    ws.close();
    const a = authors[0] as Client;
    await retryUntil(() => expect(fragment(a.doc).length).toBe(2));
    fragment(a.doc).delete(1, 1);
    await retryUntil(() => expect(fragment(b.doc).toString()).toBe(baseline));
  });

  it('accepts a viewer-safe editor that writes only model content', async () => {
    const update = changeOf(authorDoc(), (d) => {
      const heading = new Y.XmlElement('heading');
      heading.setAttribute('level', 2 as unknown as string);
      heading.setAttribute('textAlign', 'center');
      heading.insert(0, [new Y.XmlText('Title')]);
      fragment(d).insert(fragment(d).length, [heading]);
    });
    const { ws } = await rawSocket(`${server.collabUrl}/${docId}?token=${token}`);
    ws.send(updateMessage(update));
    const b = authors[1] as Client;
    await retryUntil(() => expect(fragment(b.doc).toString()).toContain('<heading level="2" textAlign="center">Title'));
    ws.close();
    const a = authors[0] as Client;
    await retryUntil(() => expect(fragment(a.doc).length).toBe(2));
    fragment(a.doc).delete(1, 1);
    await retryUntil(() => expect(fragment(b.doc).toString()).toBe(baseline));
  });
});

describe('counter limits on the server', () => {
  it('refuses an update that takes the document past the character limit, and lets deletions through', async () => {
    const server = await startServer({ TANDEM_CHAR_COUNTER_MAX: '20' });
    try {
      const created = await createDoc(server.url);
      const a = connectClient(server.collabUrl, created.id, created.editorToken);
      const b = connectClient(server.collabUrl, created.id, created.editorToken);
      await Promise.all([waitSynced(a), waitSynced(b)]);
      fragment(a.doc).insert(fragment(a.doc).length, [paragraph('fifteen letters')]);
      await retryUntil(() => expect(fragment(b.doc).toString()).toContain('fifteen letters'));
      const over = changeOf(a.doc, (d) => fragment(d).insert(0, [paragraph('ten more..')]));
      const { ws, closed } = await rawSocket(`${server.collabUrl}/${created.id}?token=${created.editorToken}`);
      ws.send(updateMessage(over));
      expect((await closed).code).toBe(CloseCode.COUNTER_LIMIT.code);
      // Deleting and typing back within the limit still works for the others.
      const text = (fragment(a.doc).get(fragment(a.doc).length - 1) as Y.XmlElement).get(0) as Y.XmlText;
      text.delete(0, 8);
      text.insert(0, 'ten ');
      await retryUntil(() => expect(fragment(b.doc).toString()).toContain('ten letters'));
      expect(a.provider.wsconnected && b.provider.wsconnected).toBe(true);
      a.destroy();
      b.destroy();
    } finally {
      await server.close();
    }
  });
});

describe('repair on load', () => {
  it('removes content a looser server stored, once, with a log line, and keeps the rest', async () => {
    const loose = await startServer({ TANDEM_COLLAB_GUARD: 'off' });
    const dataDir = loose.dataDir;
    const created = await createDoc(loose.url);
    const c = connectClient(loose.collabUrl, created.id, created.editorToken);
    await waitSynced(c);
    c.doc.transact(() => {
      fragment(c.doc).insert(fragment(c.doc).length, [
        paragraph('keep me'),
        new Y.XmlElement('script'),
        new Y.XmlText('loose'),
      ]);
      const p = fragment(c.doc).get(fragment(c.doc).length - 3) as Y.XmlElement;
      p.setAttribute('class', 'evil-overlay');
      c.doc.getText('evil').insert(0, 'x');
    });
    await retryUntil(async () => expect((await openDocument(loose, created.id))?.doc.getText('evil').length).toBe(1));
    c.destroy();
    await loose.app.collab.closeDocument(created.id, CloseCode.SHUTTING_DOWN);
    await loose.app.close();

    const strict = await startServer({}, dataDir);
    try {
      const reader = connectClient(strict.collabUrl, created.id, created.editorToken);
      await waitSynced(reader);
      await retryUntil(() => expect(fragment(reader.doc).toString()).toContain('keep me'));
      expect(fragment(reader.doc).toString()).not.toContain('script');
      expect(fragment(reader.doc).toString()).not.toContain('loose');
      expect(fragment(reader.doc).toString()).not.toContain('evil-overlay');
      expect(reader.doc.getText('evil').length).toBe(0);
      expect(strict.logs.filter((l) => l.includes('repaired a stored document'))).toHaveLength(1);
      reader.destroy();
      await strict.app.collab.closeDocument(created.id, CloseCode.SHUTTING_DOWN);
      // Loaded again: nothing left to repair, no second log line.
      const again = connectClient(strict.collabUrl, created.id, created.editorToken);
      await waitSynced(again);
      await retryUntil(() => expect(fragment(again.doc).toString()).toContain('keep me'));
      expect(strict.logs.filter((l) => l.includes('repaired a stored document'))).toHaveLength(1);
      again.destroy();
    } finally {
      await strict.close();
      // Both servers used this directory; startServer leaves a directory it was given.
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
