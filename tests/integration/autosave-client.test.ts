import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import { yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import type { CreatedDocument } from '@shared/api/documents';
import type { SnapshotListItem } from '@shared/api/snapshots';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { exportBodyHtml } from '@shared/document/html/html-export';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { defaultEditorOptions, type EditorOptions } from '@shared/editor-options';
import { AutosaveLimits } from '@shared/limits';
import { CloseCode } from '@shared/collab/close-codes';
import { memoryPendingStore } from '../../client/src/features/save/pending-store';
import { SaveCoordinator } from '../../client/src/features/save/save-election';
import { SaveEngine, realTimers, type SaveStatus, type Timers } from '../../client/src/features/save/save-engine';
import { saveSettings, sendSave, type SaveRequest } from '../../client/src/features/save/save-request';
import { api, createDoc } from '../helpers/api';
import {
  appendParagraph,
  awarenessMessage,
  connectClient,
  rawSocket,
  waitSynced,
  type Client,
} from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';
import { loadConfig } from '../../server/src/config';

/*
 * The client's autosave modules (client/src/features/save) against the real server: real y-websocket
 * clients elect the saver through the server's awareness relay, and real HTTP requests save.
 */

const { schema } = createDocumentModel(defaultEditorOptions);
/** Short, so the test does not wait long; the timing itself is proven in the unit tests. */
const INTERVAL = 200;

/** The document's clean HTML as the editor's save sends it (read from a copy: the reader repairs what it reads). */
function htmlOf(doc: Y.Doc): string {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const node = yXmlFragmentToProseMirrorRootNode(copy.getXmlFragment(YDocKeys.content), schema);
  copy.destroy();
  return exportBodyHtml(node, defaultEditorOptions.entities);
}

/** Timers that know whether anything is still scheduled (to wait for quiet instead of sleeping). */
function countingTimers(): Timers & { pending: () => number; delays: number[] } {
  const live = new Set<unknown>();
  const delays: number[] = [];
  return {
    now: realTimers.now,
    set(run, ms) {
      delays.push(ms);
      const handle: unknown = realTimers.set(() => {
        live.delete(handle);
        run();
      }, ms);
      live.add(handle);
      return handle;
    },
    clear(handle) {
      live.delete(handle);
      realTimers.clear(handle);
    },
    pending: () => live.size,
    delays,
  };
}

interface Saving {
  engine: SaveEngine;
  coordinator: SaveCoordinator | null;
  sent: SaveRequest[];
  answers: boolean[];
  states: SaveStatus['state'][];
  timers: ReturnType<typeof countingTimers>;
  inFlight: () => number;
}

function saving(
  doc: CreatedDocument,
  baseUrl: string,
  html: () => string,
  options: Partial<EditorOptions> = {},
  random: () => number = Math.random,
): Saving {
  const sent: SaveRequest[] = [];
  const answers: boolean[] = [];
  const timers = countingTimers();
  let inFlight = 0;
  const engine = new SaveEngine({
    docId: doc.id,
    settings: saveSettings(
      { ...defaultEditorOptions, saveInterval: INTERVAL, ...options },
      doc.id,
      doc.editorToken,
      baseUrl,
    ),
    html,
    send: async (request) => {
      sent.push(request);
      inFlight += 1;
      try {
        const ok = await sendSave(request);
        answers.push(ok);
        return ok;
      } finally {
        inFlight -= 1;
      }
    },
    timers,
    random,
    pending: memoryPendingStore(),
  });
  const states: SaveStatus['state'][] = [];
  engine.subscribe((s) => states.push(s.state));
  return { engine, coordinator: null, sent, answers, states, timers, inFlight: () => inFlight };
}

async function snapshots(server: TestServer, doc: CreatedDocument): Promise<SnapshotListItem[]> {
  const res = await fetch(`${server.url}/api/documents/${doc.id}/snapshots`, {
    headers: { authorization: `Bearer ${doc.viewerToken}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SnapshotListItem[];
}

const bodyOf = (request: SaveRequest | undefined): string | null =>
  new URLSearchParams(request?.init.body ?? '').get('body');

describe('autosave from the client modules', () => {
  let server: TestServer;
  const clients: Client[] = [];
  const engines: SaveEngine[] = [];
  beforeAll(async () => {
    server = await startServer();
  });
  afterEach(() => {
    for (const engine of engines.splice(0)) engine.dispose();
    for (const client of clients.splice(0)) client.destroy();
  });
  afterAll(async () => {
    await server.close();
  });

  it('closes a connection that publishes a malformed save field, or one from a viewer', async () => {
    const doc = await createDoc(server.url);
    const message = (clientId: number, json: string): Uint8Array => awarenessMessage([{ clientId, clock: 1, json }]);
    const user = '{"name":"Eve","color":"#2f9e44"}';
    const viewer = '{"name":"Eve","color":"#2f9e44","viewer":true}';
    const cases: Array<[string, string]> = [
      [doc.editorToken, `{"user":${user},"save":{"state":"boss","at":0,"hash":""}}`],
      [doc.editorToken, `{"user":${user},"save":{"state":"saved","at":-1,"hash":""}}`],
      [doc.editorToken, `{"user":${user},"save":{"state":"saved","at":0,"hash":"<b>"}}`],
      [doc.editorToken, `{"user":${user},"save":{"state":"saved","at":0,"hash":"","url":"x"}}`],
      [doc.editorToken, '{"save":{"state":"saved","at":0,"hash":""}}'],
      [doc.viewerToken, `{"user":${viewer},"save":{"state":"idle","at":0,"hash":""}}`],
    ];
    let clientId = 900_000;
    for (const [token, json] of cases) {
      const { ws, closed } = await rawSocket(`${server.collabUrl}/${doc.id}?token=${token}`);
      ws.send(message(clientId++, json));
      expect((await closed).code, json).toBe(CloseCode.AWARENESS_INVALID.code);
    }
    // The shape an editor publishes passes.
    const { ws, closed } = await rawSocket(`${server.collabUrl}/${doc.id}?token=${doc.editorToken}`);
    let closedWith: number | null = null;
    void closed.then(({ code }) => (closedWith = code));
    const watcher = connectClient(server.collabUrl, doc.id, doc.viewerToken);
    clients.push(watcher);
    await waitSynced(watcher);
    ws.send(message(clientId, `{"user":${user},"save":{"state":"saved","at":1700000000000,"hash":"1f"}}`));
    await retryUntil(() =>
      expect(watcher.provider.awareness.getStates().get(clientId)).toMatchObject({ save: { state: 'saved' } }),
    );
    expect(closedWith).toBeNull();
    ws.close();
  });

  it('delivers the save options in GET /api/config', async () => {
    const res = await api(server.url, 'GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      editor: {
        saveInterval: AutosaveLimits.intervalMs,
        saveURL: '/api/documents/{id}/snapshots',
        saveMethod: 'POST',
        saveParam: 'body',
        saveParams: {},
      },
    });
  });

  it('takes the operator’s save options from TANDEM_EDITOR_OPTIONS and refuses bad ones', () => {
    const options = (json: string) => () => loadConfig({ TANDEM_EDITOR_OPTIONS: json }).editor;
    expect(
      options('{"saveURL":"https://cms.example.com/save/{id}","saveMethod":"PUT","saveParams":{"site":"a"}}')(),
    ).toMatchObject({ saveURL: 'https://cms.example.com/save/{id}', saveMethod: 'PUT', saveParams: { site: 'a' } });
    expect(options('{"saveURL":null,"saveInterval":0}')()).toMatchObject({ saveURL: null, saveInterval: 0 });
    for (const bad of [
      '{"saveURL":"javascript:alert(1)"}',
      '{"saveURL":"//evil.example/x"}',
      '{"saveMethod":"GET"}',
      '{"saveInterval":-1}',
      `{"saveInterval":${AutosaveLimits.maxIntervalMs + 1}}`,
      '{"saveParam":"a b"}',
      '{"saveParams":{"__proto__":"x"}}',
      '{"saveParams":{"n":5}}',
    ]) {
      expect(options(bad), bad).toThrow(/TANDEM_EDITOR_OPTIONS/);
    }
  });

  it('saves the form body to the default endpoint: 200 only when stored, an identical body stored once', async () => {
    const doc = await createDoc(server.url);
    let html = '<p>Hello <strong>world</strong></p>';
    const s = saving(doc, server.url, () => html);
    engines.push(s.engine);
    s.engine.save();
    await retryUntil(() => expect(s.engine.status.state).toBe('saved'));
    expect(s.sent[0]?.init.headers.authorization).toBe(`Bearer ${doc.editorToken}`);
    expect(s.sent[0]?.init.headers['x-tandem-save']).toBe('explicit');
    // Saved again unchanged: 200 and no second row (created: false).
    s.engine.save();
    await retryUntil(() => expect(s.answers).toEqual([true, true]));
    expect(await snapshots(server, doc)).toHaveLength(1);

    // An autosave after a change.
    html = '<p>Hello again</p>';
    s.engine.setActive(true);
    s.engine.changed();
    await retryUntil(() => expect(s.answers).toEqual([true, true, true]));
    expect(bodyOf(s.sent[2])).toBe('<p>Hello again</p>');
    expect(await snapshots(server, doc)).toHaveLength(2);

    // The JSON form of the contract (Froala integrations that post JSON): the same rule for identical bodies.
    const json = (body: string) =>
      api(server.url, 'POST', `/api/documents/${doc.id}/snapshots`, { token: doc.editorToken, body: { body } });
    expect(await json('<p>Hello again</p>')).toMatchObject({ status: 200, body: { created: false } });
    expect(await json('<p>JSON</p>')).toMatchObject({ status: 200, body: { created: true } });
    expect(await json('<p>JSON</p>')).toMatchObject({ status: 200, body: { created: false } });
    expect(await snapshots(server, doc)).toHaveLength(3);
  });

  it('no save URL: save error 1 and no request', async () => {
    const doc = await createDoc(server.url);
    const s = saving(doc, server.url, () => '<p>x</p>', { saveURL: null });
    engines.push(s.engine);
    s.engine.setActive(true);
    s.engine.changed();
    await retryUntil(() => expect(s.engine.status.state).toBe('noUrl'));
    s.engine.save();
    expect(s.engine.status.state).toBe('noUrl');
    expect(s.sent).toHaveLength(0);
    expect(await snapshots(server, doc)).toHaveLength(0);
  });

  it('a failing endpoint: save error 2, retried with backoff until it answers 200, without our token', async () => {
    // An operator's saveURL that fails three times, then works.
    const received: Array<{ method: string; authorization: string | undefined; body: string }> = [];
    const operator = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ method: req.method ?? '', authorization: req.headers.authorization, body });
        res.statusCode = received.length <= 3 ? 500 : 200;
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => operator.listen(0, '127.0.0.1', resolve));
    try {
      const port = (operator.address() as AddressInfo).port;
      const doc = await createDoc(server.url);
      let html = '<p>first</p>';
      const s = saving(
        doc,
        server.url,
        () => html,
        { saveURL: `http://127.0.0.1:${port}/save/{id}`, saveMethod: 'PUT', saveParams: { site: 'cms' } },
        () => 0.03,
      );
      engines.push(s.engine);
      s.engine.setActive(true);
      s.engine.changed();
      await retryUntil(() => expect(s.engine.status.state).toBe('retrying'));
      // A newer change replaces the pending body.
      html = '<p>second</p>';
      await retryUntil(() => expect(s.engine.status.state).toBe('saved'));
      expect(received).toHaveLength(4);
      expect(s.answers).toEqual([false, false, false, true]);
      expect(s.states.filter((state) => state === 'retrying')).toHaveLength(3);
      for (const request of received) {
        expect(request.method).toBe('PUT');
        expect(request.authorization).toBeUndefined();
        expect(new URLSearchParams(request.body).get('site')).toBe('cms');
      }
      expect(new URLSearchParams(received.at(-1)?.body).get('body')).toBe('<p>second</p>');
      // Backoff: each wait within its doubling cap (base 1 s · 2^(n−1), jitter 0.03 of it).
      const retries = s.timers.delays.filter((ms) => ms !== INTERVAL);
      expect(retries).toEqual([1, 2, 4].map((n) => Math.floor(0.03 * n * AutosaveLimits.retryBaseMs)));
      expect(await snapshots(server, doc)).toHaveLength(0);
    } finally {
      await new Promise((resolve) => operator.close(resolve));
    }
  });

  /**
   * Real editors' clients on one document, each running the saving modules, once they agree on the saver
   * (`saverId`: the one expected; by default the smallest of theirs). `stallMinMs`: see SaveCoordinator.
   */
  async function editorsOn(
    doc: CreatedDocument,
    names: string[],
    { saverId, stallMinMs }: { saverId?: number; stallMinMs?: number } = {},
  ) {
    const authors = names.map((name) => {
      const client = connectClient(server.collabUrl, doc.id, doc.editorToken);
      clients.push(client);
      client.provider.awareness.setLocalStateField('user', { name, color: '#1971c2' });
      const s = saving(doc, server.url, () => htmlOf(client.doc));
      engines.push(s.engine);
      client.doc.on('update', () => s.engine.changed());
      return { client, s };
    });
    await Promise.all(authors.map((a) => waitSynced(a.client)));
    for (const a of authors) {
      a.s.engine.adoptBaseline();
      a.s.coordinator = new SaveCoordinator(a.client.provider.awareness, a.s.engine, stallMinMs);
      a.s.coordinator.start();
    }
    // Everyone knows everyone's candidacy and agrees on the saver.
    const expected = saverId ?? Math.min(...authors.map((a) => a.client.doc.clientID));
    await retryUntil(() => {
      for (const a of authors) expect(a.s.coordinator?.saverId).toBe(expected);
    });
    return authors;
  }

  const threeAuthors = (doc: CreatedDocument) => editorsOn(doc, ['Ann', 'Ben', 'Cat']);

  /** Nothing scheduled or in flight in any of them (every check has run). */
  const quiet = (authors: Array<{ s: Saving }>) =>
    retryUntil(() => {
      for (const a of authors) {
        expect(a.s.timers.pending()).toBe(0);
        expect(a.s.inFlight()).toBe(0);
      }
    });

  it('exactly one of three clients saves each state, and all of them show its "saved"', async () => {
    const doc = await createDoc(server.url);
    const authors = await threeAuthors(doc);
    const [ann, ben] = authors;
    if (!ann || !ben) throw new Error('authors');
    appendParagraph(ben.client.doc, 'typed by Ben');
    await retryUntil(() => {
      for (const a of authors) expect(htmlOf(a.client.doc)).toContain('typed by Ben');
    });
    await quiet(authors);
    const posts = authors.flatMap((a) => a.s.sent);
    expect(posts).toHaveLength(1);
    expect(bodyOf(posts[0])).toContain('typed by Ben');
    expect(await snapshots(server, doc)).toHaveLength(1);
    await retryUntil(() => {
      for (const a of authors) expect(a.s.coordinator?.view().state).toBe('saved');
    });

    // A second state: again one POST.
    appendParagraph(ann.client.doc, 'typed by Ann');
    await retryUntil(() => {
      for (const a of authors) expect(htmlOf(a.client.doc)).toContain('typed by Ann');
    });
    await quiet(authors);
    expect(authors.flatMap((a) => a.s.sent)).toHaveLength(2);
    expect(await snapshots(server, doc)).toHaveLength(2);
  });

  it('a raw client that claims the saver role and never saves is passed over; an honest client saves', async () => {
    const doc = await createDoc(server.url);
    // The smallest client id, a valid `save` field that claims everything is saved, and never a request.
    const hostileDoc = new Y.Doc();
    hostileDoc.clientID = 1;
    const hostile = new WebsocketProvider(server.collabUrl, doc.id, hostileDoc, {
      params: { token: doc.editorToken },
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      disableBc: true,
    });
    hostile.awareness.setLocalState({
      user: { name: 'Mallory', color: '#c92a2a' },
      save: { state: 'saved', at: Date.now(), hash: 'abcdef' },
    });
    try {
      // Passed over after 3 intervals (the 30 s floor of a real page is lowered here).
      const authors = await editorsOn(doc, ['Ann', 'Ben'], { saverId: 1, stallMinMs: 0 });
      const [ann] = authors;
      if (!ann) throw new Error('authors');
      appendParagraph(ann.client.doc, 'saved in spite of Mallory');
      await retryUntil(async () => {
        const list = await snapshots(server, doc);
        expect(list).toHaveLength(1);
      });
      await quiet(authors);
      // One of the honest clients saved it, once; the other saw that and did not send it again.
      const posts = authors.flatMap((a) => a.s.sent);
      expect(posts).toHaveLength(1);
      expect(bodyOf(posts[0])).toContain('saved in spite of Mallory');
    } finally {
      hostile.destroy();
      hostileDoc.destroy();
    }
  });

  it('hands over when the saver leaves with unsaved changes: the next saves at once', async () => {
    const doc = await createDoc(server.url);
    const authors = await threeAuthors(doc);
    const byId = [...authors].sort((a, b) => a.client.doc.clientID - b.client.doc.clientID);
    const [saver, next, last] = byId;
    if (!saver || !next || !last) throw new Error('authors');

    // The saver's own change reaches the others, and it leaves before its check.
    appendParagraph(saver.client.doc, 'unsaved when the saver left');
    await retryUntil(() => expect(htmlOf(next.client.doc)).toContain('unsaved when the saver left'));
    saver.s.engine.dispose();
    saver.client.destroy();
    await retryUntil(() => expect(next.s.coordinator?.isSaver).toBe(true));
    await retryUntil(async () => {
      const list = await snapshots(server, doc);
      expect(list).toHaveLength(1);
    });
    expect(saver.s.sent).toHaveLength(0);
    expect(bodyOf(next.s.sent[0])).toContain('unsaved when the saver left');
    expect(last.s.coordinator?.saverId).toBe(next.client.doc.clientID);
    await quiet([next, last]);
    expect(last.s.sent).toHaveLength(0);
    await retryUntil(() => expect(last.s.coordinator?.view().state).toBe('saved'));

    // The successor leaves with the state saved: the last one takes over without sending it again.
    next.s.engine.dispose();
    next.client.destroy();
    await retryUntil(() => expect(last.s.coordinator?.isSaver).toBe(true));
    await quiet([last]);
    expect(last.s.sent).toHaveLength(0);
    expect(last.s.coordinator?.view().state).toBe('saved');
  });
});
