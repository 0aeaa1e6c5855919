import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode } from '@shared/collab/close-codes';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { readLang } from '@shared/document/yjs/ydoc-lang';
import { createDoc } from '../helpers/api';
import { connectClient, rawSocket, waitSynced, type Client, changeOf, updateMessage } from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { startServer, type TestServer } from '../helpers/start-server';

/**
 * The document language (`meta.lang`, which picks the spell checker's dictionary) at the server's update
 * guard: 'en' or 'de' reaches the other author; any other value is refused (4415) from a raw y-websocket
 * client and the document keeps its language.
 */

describe('document language at the update guard', () => {
  let server: TestServer;
  let docId: string;
  let token: string;
  let authors: [Client, Client];

  beforeAll(async () => {
    server = await startServer();
    const created = await createDoc(server.url);
    docId = created.id;
    token = created.editorToken;
    authors = [connectClient(server.collabUrl, docId, token), connectClient(server.collabUrl, docId, token)];
    await Promise.all(authors.map((a) => waitSynced(a)));
  });
  afterAll(async () => {
    for (const a of authors) a.destroy();
    await server.close();
  });

  async function sendUpdate(update: Uint8Array): Promise<number> {
    const { ws, closed } = await rawSocket(`${server.collabUrl}/${docId}?token=${token}`);
    ws.send(updateMessage(update));
    return (await closed).code;
  }

  it('passes en and de on to the other author', async () => {
    const [a, b] = authors;
    a.doc.getMap(YDocKeys.meta).set(YDocKeys.langKey, 'de');
    await retryUntil(() => expect(readLang(b.doc)).toBe('de'));
    a.doc.getMap(YDocKeys.meta).set(YDocKeys.langKey, 'en');
    await retryUntil(() => expect(readLang(b.doc)).toBe('en'));
    expect(a.provider.wsconnected).toBe(true);
  });

  it.each<[string, unknown]>([
    ['another language', 'fr'],
    ['a locale tag', 'de-DE'],
    ['markup', '"><script>alert(1)</script>'],
    ['a number', 7],
    ['an object', { lang: 'en' }],
  ])('refuses %s (4415) and keeps the language', async (_what, value) => {
    const code = await sendUpdate(
      changeOf(authors[0].doc, (d) => d.getMap(YDocKeys.meta).set(YDocKeys.langKey, value)),
    );
    expect(code).toBe(CloseCode.INVALID_UPDATE.code);
    const fresh = connectClient(server.collabUrl, docId, token);
    await waitSynced(fresh);
    expect(readLang(fresh.doc)).toBe('en');
    fresh.destroy();
  });
});
