import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode } from '@shared/collab/close-codes';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { readLang } from '@shared/document/yjs/ydoc-lang';
import { connectClient, waitSynced, type Client, changeOf } from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { openGuardRoom, type GuardRoom } from '../helpers/guard-room';

/**
 * The document language (`meta.lang`, which picks the spell checker's dictionary) at the server's update
 * guard: 'en' or 'de' reaches the other author; any other value is refused (4415) from a raw y-websocket
 * client and the document keeps its language.
 */

describe('document language at the update guard', () => {
  let room: GuardRoom;
  let authors: [Client, Client];

  beforeAll(async () => {
    room = await openGuardRoom();
    authors = room.authors;
  });
  afterAll(() => room.close());

  const sendUpdate = (update: Uint8Array): Promise<number> => room.sendUpdate(update);

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
    const fresh = connectClient(room.server.collabUrl, room.docId, room.token);
    await waitSynced(fresh);
    expect(readLang(fresh.doc)).toBe('en');
    fresh.destroy();
  });
});
