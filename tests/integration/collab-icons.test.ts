import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CloseCode } from '@shared/collab/close-codes';
import { connectClient, contentOf, waitSynced, type Client, changeOf } from '../helpers/collab-client';
import { retryUntil } from '../helpers/retry-until';
import { openGuardRoom, type GuardRoom } from '../helpers/guard-room';

/**
 * The icon node (FROALA-REFERENCE §39) at the server's update guard: an icon of the bundled set with a
 * colour and size reaches the other author; a name outside the set or a hostile colour or size is refused
 * (4415) from a raw y-websocket client, and the document stays as it was.
 */

/** A paragraph holding one icon element with these raw attributes (a hostile client sends anything). */
function iconParagraph(attrs: Record<string, unknown>): Y.XmlElement {
  const icon = new Y.XmlElement('icon');
  for (const [key, value] of Object.entries(attrs)) icon.setAttribute(key, value as string);
  const p = new Y.XmlElement('paragraph');
  p.insert(0, [icon]);
  return p;
}

describe('icons at the update guard', () => {
  let room: GuardRoom;
  let authors: [Client, Client];

  beforeAll(async () => {
    room = await openGuardRoom();
    authors = room.authors;
  });
  afterAll(() => room.close());

  const sendUpdate = (update: Uint8Array): Promise<number> => room.sendUpdate(update);

  it('passes an icon of the set with colour and size on to the other author', async () => {
    const [a, b] = authors;
    a.doc.transact(() => {
      contentOf(a.doc).insert(1, [iconParagraph({ name: 'house', color: '#E03E2D', size: '24px' })]);
    });
    await retryUntil(() => expect(contentOf(b.doc).toString()).toContain('<icon color="#E03E2D" name="house"'));
    expect(a.provider.wsconnected).toBe(true);
  });

  it.each<[string, Record<string, unknown>]>([
    ['a name outside the set', { name: 'definitely-not-an-icon' }],
    ['a name with markup', { name: 'house"><script>alert(1)</script>' }],
    ['a colour with a CSS injection', { name: 'house', color: 'red; background: url(https://evil.example/x)' }],
    ['a colour as a function', { name: 'house', color: 'expression(alert(1))' }],
    ['a size with a CSS injection', { name: 'house', size: '24px; position: fixed' }],
    ['a number as the name', { name: 42 }],
  ])('refuses %s (4415) and keeps the document', async (_what, attrs) => {
    const before = contentOf(authors[0].doc).toString();
    const code = await sendUpdate(changeOf(authors[0].doc, (d) => contentOf(d).insert(0, [iconParagraph(attrs)])));
    expect(code).toBe(CloseCode.INVALID_UPDATE.code);
    const fresh = connectClient(room.server.collabUrl, room.docId, room.token);
    await waitSynced(fresh);
    await retryUntil(() => expect(contentOf(fresh.doc).toString()).toBe(before));
    fresh.destroy();
  });
});
