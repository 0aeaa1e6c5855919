import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { isValidAwarenessState } from '@shared/collab/awareness-state';
import { CloseCode } from '@shared/collab/close-codes';
import { CollabLimits } from '@shared/limits';
import { createDoc } from '../helpers/api';
import {
  appendParagraph,
  awarenessMessage,
  connectClient,
  contentOf,
  documentText,
  rawSocket,
  textOf,
  waitSynced,
  type AwarenessEntry,
  type Client,
} from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { openDocument, startServer, type TestServer } from '../helpers/start-server';

const USER = '{"name":"Eve","color":"#2f9e44"}';
/** What a client opened with a viewer link must send: the viewer mark (the presence list shows it). */
const VIEWER_USER = '{"name":"Eve","color":"#2f9e44","viewer":true}';
const ITEM_END = '{"type":null,"tname":null,"item":{"client":1,"clock":0},"assoc":-1}';
const ROOT_END = '{"type":null,"tname":"default","item":null,"assoc":-1}';
const withCursor = (anchor: string, head = ITEM_END): string =>
  `{"user":${USER},"cursor":{"anchor":${anchor},"head":${head}}}`;
/** `depth` levels of objects around `leaf`, each with a sibling array. */
const nested = (depth: number, leaf: string): string =>
  depth === 0 ? leaf : `{"a":${nested(depth - 1, leaf)},"b":[0,1]}`;

/** One state per class of malformed input; each must close its sender with 4423. */
const MALFORMED: Array<[string, string]> = [
  ['a cursor that is a string', `{"user":${USER},"cursor":"here"}`],
  ['a cursor that is an array', `{"user":${USER},"cursor":[${ITEM_END},${ITEM_END}]}`],
  ['a cursor without a head', `{"user":${USER},"cursor":{"anchor":${ITEM_END}}}`],
  ['a cursor whose ends name no position', withCursor('{}', '{}')],
  ['a caret end with a string client id', withCursor('{"item":{"client":"1","clock":0},"assoc":0}')],
  ['a caret end with a negative clock', withCursor('{"item":{"client":1,"clock":-1},"assoc":0}')],
  ['a caret end with a fractional assoc', withCursor('{"item":{"client":1,"clock":0},"assoc":0.5}')],
  ['a caret end with a numeric root name', withCursor('{"tname":5,"assoc":0}')],
  ['a caret end naming another root', withCursor('{"tname":"injected","assoc":0}')],
  ['a user that is a string', '{"user":"Eve"}'],
  ['a user that is null', '{"user":null}'],
  [
    'a name that is too long',
    `{"user":{"name":"${'n'.repeat(CollabLimits.maxAwarenessNameChars + 1)}","color":"#000000"}}`,
  ],
  ['a colour that is not #rrggbb', '{"user":{"name":"Eve","color":"red;background:url(//x)"}}'],
  ['a three-digit colour', '{"user":{"name":"Eve","color":"#fff"}}'],
  ['an unknown extra key', `{"user":${USER},"avatar":"https://tracker.example/x.png"}`],
  ['a person id with markup', '{"user":{"name":"Eve","color":"#000000","person":"<img src=x onerror=1>"}}'],
  ['a person id that is too long', `{"user":{"name":"Eve","color":"#000000","person":"${'p'.repeat(200)}"}}`],
  ['a person id that is a number', '{"user":{"name":"Eve","color":"#000000","person":12345678}}'],
  ['an extra key inside user', '{"user":{"name":"Eve","color":"#000000","html":"<img>"}}'],
  ['a __proto__ key', `{"user":${USER},"__proto__":{"isAdmin":true}}`],
  ['a constructor key inside a caret end', withCursor(`{"item":{"client":1,"clock":0},"assoc":0,"constructor":{}}`)],
  ['a huge nested object', `{"user":${USER},"extra":${nested(5, `"${'y'.repeat(20_000)}"`)}}`],
  ['a state that is not an object', '"present"'],
];

describe.each(['editor', 'viewer'] as const)('awareness guard for a %s link', (role) => {
  let server: TestServer;
  let docId: string;
  let editorToken: string;
  let senderToken: string;
  /** Well-behaved clients in the same document: one watches awareness and edits, one receives the edits. */
  let watcher: Client;
  let third: Client;
  let nextClientId = 900_000;
  /** A valid user of this test's sender. */
  const senderUser = role === 'viewer' ? VIEWER_USER : USER;
  let round = 0;

  beforeAll(async () => {
    server = await startServer();
    const created = await createDoc(server.url);
    docId = created.id;
    editorToken = created.editorToken;
    senderToken = role === 'editor' ? created.editorToken : created.viewerToken;
    watcher = connectClient(server.collabUrl, docId, editorToken);
    third = connectClient(server.collabUrl, docId, editorToken);
    await Promise.all([waitSynced(watcher), waitSynced(third)]);
  });
  afterAll(async () => {
    watcher.destroy();
    third.destroy();
    await server.close();
  });

  const send = async (entries: AwarenessEntry[]): Promise<number> => {
    const { ws, closed } = await rawSocket(`${server.collabUrl}/${docId}?token=${senderToken}`);
    ws.send(awarenessMessage(entries));
    return (await closed).code;
  };

  /** Nothing of the refused message reached anyone, and the others still present and edit. */
  const othersUnaffected = async (refusedIds: number[]): Promise<void> => {
    round += 1;
    // A fresh state of `third` reaching the watcher shows that whatever the room relays has arrived.
    third.provider.awareness.setLocalStateField('user', { name: `third ${round}`, color: '#1971c2' });
    await retryUntil(() => {
      const state = watcher.provider.awareness.getStates().get(third.doc.clientID) as { user?: { name: string } };
      expect(state?.user?.name).toBe(`third ${round}`);
    });
    const room = await openDocument(server, docId);
    for (const id of refusedIds) {
      expect(watcher.provider.awareness.getStates().has(id)).toBe(false);
      expect(third.provider.awareness.getStates().has(id)).toBe(false);
      expect(room?.awareness.getStates().has(id)).toBe(false);
    }
    const marker = `edit ${role} ${round}`;
    appendParagraph(watcher.doc, marker);
    await retryUntil(() => expect(documentText(third.doc).split('\n')).toContain(marker));
    expect(watcher.provider.wsconnected).toBe(true);
    expect(third.provider.wsconnected).toBe(true);
    expect([...watcher.closeCodes, ...third.closeCodes]).toEqual([]);
  };

  it.each(MALFORMED)('closes the sender of %s with 4423 and relays nothing', async (_name, json) => {
    const clientId = nextClientId++;
    expect(await send([{ clientId, clock: 1, json }])).toBe(CloseCode.AWARENESS_INVALID.code);
    await othersUnaffected([clientId]);
  });

  it('applies nothing of a message whose other states are valid', async () => {
    const good = nextClientId++;
    const bad = nextClientId++;
    const code = await send([
      { clientId: good, clock: 1, json: `{"user":${senderUser},"cursor":null}` },
      { clientId: bad, clock: 1, json: '{"user":{"name":"Eve","color":"blue"}}' },
    ]);
    expect(code).toBe(CloseCode.AWARENESS_INVALID.code);
    await othersUnaffected([good, bad]);
  });

  it(
    role === 'viewer'
      ? 'closes a viewer whose user does not carry the viewer mark with 4423'
      : 'lets an editor mark itself as viewer (it claims less than it may)',
    async () => {
      for (const json of [
        '{"user":{"name":"Eve","color":"#2f9e44"}}',
        '{"user":{"name":"Eve","color":"#2f9e44","viewer":false}}',
      ]) {
        const clientId = nextClientId++;
        if (role === 'viewer') {
          expect(await send([{ clientId, clock: 1, json }])).toBe(CloseCode.AWARENESS_INVALID.code);
          await othersUnaffected([clientId]);
        }
      }
      if (role === 'editor') {
        const { ws, closed } = await rawSocket(`${server.collabUrl}/${docId}?token=${senderToken}`);
        let closedWith: number | null = null;
        void closed.then(({ code }) => (closedWith = code));
        const clientId = nextClientId++;
        ws.send(awarenessMessage([{ clientId, clock: 1, json: `{"user":${VIEWER_USER}}` }]));
        await retryUntil(() =>
          expect(watcher.provider.awareness.getStates().get(clientId)).toEqual(JSON.parse(`{"user":${VIEWER_USER}}`)),
        );
        expect(closedWith).toBeNull();
        ws.close();
      }
      // A non-boolean mark is malformed for everyone.
      const clientId = nextClientId++;
      const odd = '{"user":{"name":"Eve","color":"#2f9e44","viewer":"yes"}}';
      expect(await send([{ clientId, clock: 1, json: odd }])).toBe(CloseCode.AWARENESS_INVALID.code);
      await othersUnaffected([clientId]);
    },
  );

  it('refuses a state nested deeper than maxAwarenessDepth as malformed before reading its shape', async () => {
    const clientId = nextClientId++;
    const deep = `{"user":${USER},"extra":${nested(CollabLimits.maxAwarenessDepth + 1, '1')}}`;
    expect(await send([{ clientId, clock: 1, json: deep }])).toBe(CloseCode.MALFORMED_MESSAGE.code);
    await othersUnaffected([clientId]);
  });

  it('accepts and relays raw states of every shape our client sends', async () => {
    const { ws, closed } = await rawSocket(`${server.collabUrl}/${docId}?token=${senderToken}`);
    let closedWith: number | null = null;
    void closed.then(({ code }) => (closedWith = code));
    const clientId = nextClientId++;
    const states = [
      '{}',
      `{"user":${senderUser}}`,
      `{"user":${senderUser},"cursor":null}`,
      `{"user":${senderUser},"cursor":{"anchor":${ITEM_END},"head":${ROOT_END}}}`,
    ];
    for (const [index, json] of states.entries()) {
      ws.send(awarenessMessage([{ clientId, clock: index + 1, json }]));
      await retryUntil(() => expect(watcher.provider.awareness.getStates().get(clientId)).toEqual(JSON.parse(json)));
    }
    expect(closedWith).toBeNull();
    ws.close();
    await othersUnaffected([]);
  });

  it('accepts and relays the state of a real provider set exactly as the editor sets it', async () => {
    const block = appendParagraph(watcher.doc, 'caret here');
    const sender = connectClient(server.collabUrl, docId, senderToken);
    await waitSynced(sender);
    await retryUntil(() => expect(documentText(sender.doc).split('\n')).toContain('caret here'));
    const copy = contentOf(sender.doc).get(contentOf(watcher.doc).toArray().indexOf(block));
    if (!(copy instanceof Y.XmlElement)) throw new Error('no such block');
    // What y-tiptap's cursor plugin and Tiptap's caret extension put into the local state: a caret in the
    // text, and a selection end at the start of the fragment.
    const anchor = Y.createRelativePositionFromTypeIndex(textOf(copy), 5, -1);
    const head = Y.createRelativePositionFromTypeIndex(contentOf(sender.doc), 0, -1);
    sender.provider.awareness.setLocalStateField('user', {
      name: 'Guest 123',
      color: '#1971c2',
      ...(role === 'viewer' ? { viewer: true } : {}),
    });
    sender.provider.awareness.setLocalStateField('cursor', { anchor, head });
    const expected: unknown = JSON.parse(JSON.stringify(sender.provider.awareness.getLocalState()));
    expect(isValidAwarenessState(expected)).toBe(true);
    await retryUntil(() => expect(watcher.provider.awareness.getStates().get(sender.doc.clientID)).toEqual(expected));
    // Moving away (the caret plugin's blur) is relayed too.
    sender.provider.awareness.setLocalStateField('cursor', null);
    await retryUntil(() =>
      expect(watcher.provider.awareness.getStates().get(sender.doc.clientID)).toMatchObject({ cursor: null }),
    );
    expect(sender.closeCodes).toEqual([]);
    expect(sender.provider.wsconnected).toBe(true);
    sender.destroy();
    await othersUnaffected([]);
  });
});
